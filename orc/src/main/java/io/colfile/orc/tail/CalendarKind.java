package io.colfile.orc.tail;

import io.colfile.core.encoding.WireIds;

/** Footer.calendar: how dates and timestamps before 1582-10-15 are meant (orc.md 8.1). */
public enum CalendarKind {
  UNKNOWN_CALENDAR(0),
  JULIAN_GREGORIAN(1),
  PROLEPTIC_GREGORIAN(2);

  private static final WireIds<CalendarKind> BY_WIRE_ID =
      WireIds.of(CalendarKind.class, k -> k.wireId);

  public final int wireId;

  CalendarKind(int wireId) {
    this.wireId = wireId;
  }

  /** The kind with wire id {@code id}, or null. */
  public static CalendarKind of(int id) {
    return BY_WIRE_ID.get(id);
  }
}
