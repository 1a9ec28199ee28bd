package io.colfile.orc.index;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.types.Type;
import io.colfile.orc.stripe.ColumnEncoding;
import io.colfile.orc.stripe.StreamKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which streams a column's row-index positions describe, in their fixed order (orc.md section
 * 7): PRESENT when the stripe has that stream, then by type and encoding.
 *
 * <pre>
 * boolean                    DATA boolean
 * tinyint, union             DATA byte RLE
 * smallint..bigint, date     DATA integer
 * float, double              DATA raw
 * string..binary   direct    DATA raw, LENGTH integer
 *                  dictionary DATA integer (the dictionary streams are read whole)
 * decimal          classic   DATA raw, SECONDARY integer
 *                  decimal64 DATA integer ([1,9999] files, precision 1 to 18, any encoding kind)
 * timestamp(s)               DATA integer, SECONDARY integer
 * list, map                  LENGTH integer
 * struct                     nothing
 * </pre>
 */
final class PositionLayout {
  private record Slot(StreamKind stream, CheckpointKind kind) {}

  private final List<Slot> slots;

  private PositionLayout(List<Slot> slots) {
    this.slots = slots;
  }

  /**
   * The layout of a column of {@code type} in a stripe where it has {@code encoding}; {@code
   * decimal64File} says whether the file's version is [1,9999].
   */
  static PositionLayout of(Type type, ColumnEncoding encoding, boolean decimal64File) {
    Slot data = switch (type.kind()) {
      case BOOLEAN -> new Slot(StreamKind.DATA, CheckpointKind.BOOLEAN);
      case BYTE, UNION -> new Slot(StreamKind.DATA, CheckpointKind.BYTE_RLE);
      case SHORT, INT, LONG, DATE -> new Slot(StreamKind.DATA, CheckpointKind.INTEGER);
      case FLOAT, DOUBLE -> new Slot(StreamKind.DATA, CheckpointKind.RAW);
      default -> null;
    };
    if (data != null) {
      return new PositionLayout(List.of(data));
    }
    Slot integerData = new Slot(StreamKind.DATA, CheckpointKind.INTEGER);
    Slot rawData = new Slot(StreamKind.DATA, CheckpointKind.RAW);
    return new PositionLayout(switch (type.kind()) {
      case STRING, VARCHAR, CHAR, BINARY -> encoding.isDictionary() ? List.of(integerData)
          : List.of(rawData, new Slot(StreamKind.LENGTH, CheckpointKind.INTEGER));
      case DECIMAL -> decimal64File && type.precision() >= 1 && type.precision() <= 18
          ? List.of(integerData)
          : List.of(rawData, new Slot(StreamKind.SECONDARY, CheckpointKind.INTEGER));
      case TIMESTAMP, TIMESTAMP_INSTANT ->
          List.of(integerData, new Slot(StreamKind.SECONDARY, CheckpointKind.INTEGER));
      case LIST, MAP -> List.of(new Slot(StreamKind.LENGTH, CheckpointKind.INTEGER));
      default -> List.of(); // struct
    });
  }

  /**
   * Decodes one entry's numbers. Numbers past those the layout needs are left unread, as Apache
   * ORC's readers leave them.
   *
   * @param hasPresent whether the stripe has a PRESENT stream for the column
   */
  ColumnPositions decode(PositionReader in, boolean hasPresent, boolean compressed)
      throws CorruptFileException {
    BooleanCheckpoint present = hasPresent ? BooleanCheckpoint.read(in, compressed) : null;
    Map<StreamKind, Checkpoint> streams = new LinkedHashMap<>();
    for (Slot s : slots) {
      streams.put(s.stream(), s.kind().read(in, compressed));
    }
    return ColumnPositions.of(present, streams);
  }
}
