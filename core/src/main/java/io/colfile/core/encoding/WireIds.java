package io.colfile.core.encoding;

import java.util.function.ToIntFunction;

/**
 * The constants of an enum that carries wire ids (the numbers a protobuf enum or a file header
 * stores), found by id. Formats decode enums this way and never by {@code ordinal()} or {@code
 * values()[i]}: the wire ids are the format's, the declaration order is ours.
 *
 * <pre>{@code
 * private static final WireIds<StreamKind> BY_ID = WireIds.of(StreamKind.class, k -> k.wireId);
 * public static StreamKind of(int id) { return BY_ID.get(id); }
 * }</pre>
 *
 * Ids are small and non-negative (they index a table built once); two constants may not share
 * one.
 */
public final class WireIds<E extends Enum<E>> {
  /** The largest wire id a table takes; format enums stay far below it. */
  static final int MAX_ID = 4095;

  private final Object[] byId;

  private WireIds(Object[] byId) {
    this.byId = byId;
  }

  /**
   * The table of {@code type}'s constants by {@code wireId}.
   *
   * @throws IllegalArgumentException if an id is negative or above {@value #MAX_ID}, or two
   *     constants share one
   */
  public static <E extends Enum<E>> WireIds<E> of(Class<E> type, ToIntFunction<E> wireId) {
    E[] constants = type.getEnumConstants();
    int max = -1;
    for (E e : constants) {
      int id = wireId.applyAsInt(e);
      if (id < 0 || id > MAX_ID) {
        throw new IllegalArgumentException(type.getSimpleName() + "." + e + " has wire id " + id
            + ", outside [0, " + MAX_ID + "]");
      }
      max = Math.max(max, id);
    }
    Object[] byId = new Object[max + 1];
    for (E e : constants) {
      int id = wireId.applyAsInt(e);
      if (byId[id] != null) {
        throw new IllegalArgumentException(type.getSimpleName() + "." + byId[id] + " and " + e
            + " share wire id " + id);
      }
      byId[id] = e;
    }
    return new WireIds<>(byId);
  }

  /** The constant with wire id {@code id}, or null when there is none (any int is accepted). */
  @SuppressWarnings("unchecked")
  public E get(int id) {
    return id >= 0 && id < byId.length ? (E) byId[id] : null;
  }
}
