package io.colfile.kudu;

import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.index.IndexTreeReader;
import io.colfile.kudu.key.KeyDecoder;
import io.colfile.kudu.key.KeyEncoder;
import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a CFile knows about its values without decoding them (cfile.md sections 8 and 9): its
 * value count, whether it is nullable, and per data block where the block lies, its first
 * ordinal (positional index) and, where the file has a value index (key columns, Kudu's
 * DeltaFiles and ad-hoc indexes), the block's index key: a separator Kudu's writer shortens,
 * after the previous block's last value and at most the block's first (cfile.md section 8.4).
 * A CFile stores no minimums, maximums or null counts; a rowset's {@code min_key}/{@code
 * max_key} footer entries bound its keys.
 */
public final class CFileStats {
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);

  private CFileStats() {}

  /**
   * One data block: its place, its first ordinal and rows (-1 when unknown), its value index
   * key as text (null without a value index).
   */
  public record Block(int block, long offset, long size, long firstOrdinal, long rows,
      String indexKey) {}

  /**
   * The file's data blocks in order, from its positional index, or from its value index when
   * it has none (the first ordinals then unknown: -1). {@code indexKey} is the value index's
   * key of the block, decoded as a value of the file's type when it is a whole one (hex when
   * not: writers shorten separators), or null where the file has no value index. Reads the
   * index blocks only.
   */
  public static List<Block> blocks(CFile file) throws IOException {
    IndexTreeReader pos = file.positionalIndex();
    IndexTreeReader val = file.footer().valueIndexRoot() == null ? null : file.valueIndex();
    List<long[]> places = new ArrayList<>(); // offset, size, first ordinal
    if (pos != null && pos.seekToFirst()) {
      do {
        byte[] k = pos.key();
        long first = k.length == 4 ? Integer.toUnsignedLong(((k[0] & 0xff) << 24)
            | ((k[1] & 0xff) << 16) | ((k[2] & 0xff) << 8) | (k[3] & 0xff)) : -1;
        BlockPointer p = pos.pointer();
        places.add(new long[] {p.offset(), p.size(), first});
      } while (pos.next());
    }
    List<String> firsts = new ArrayList<>();
    List<long[]> valuePlaces = new ArrayList<>();
    if (val != null && val.seekToFirst()) {
      do {
        firsts.add(value(file.dataType(), val.key()));
        BlockPointer p = val.pointer();
        valuePlaces.add(new long[] {p.offset(), p.size(), -1});
      } while (val.next());
    }
    if (places.isEmpty()) {
      places = valuePlaces;
    }
    List<Block> out = new ArrayList<>();
    for (int i = 0; i < places.size(); i++) {
      long[] p = places.get(i);
      long rows = -1;
      if (p[2] >= 0) {
        long next = i + 1 < places.size() ? places.get(i + 1)[2] : file.numValues();
        rows = next >= p[2] ? next - p[2] : -1;
      }
      String first = null;
      if (!firsts.isEmpty()) {
        // the value index points at the same blocks; match by offset
        for (int j = 0; j < valuePlaces.size(); j++) {
          if (valuePlaces.get(j)[0] == p[0]) {
            first = firsts.get(j);
            break;
          }
        }
      }
      out.add(new Block(i, p[0], p[1], p[2], rows, first));
    }
    return out;
  }

  /**
   * A value index key (key-encoded, cfile.md section 9) as text: integers in decimal, dates as
   * {@code yyyy-mm-dd}, timestamps as {@code yyyy-mm-dd hh:mm:ss.ffffff} (UTC), decimals
   * unscaled (the CFile does not record the scale), strings as UTF-8 and binary in hex; hex
   * ({@code 0x...}) for a key that does not decode.
   */
  public static String value(KuduType type, byte[] key) {
    if (!type.canBeKey() && type.physical() != PhysicalType.BINARY) {
      return "0x" + HexFormat.of().formatHex(key);
    }
    KeyDecoder d = new KeyDecoder(KeyEncoder.of(type));
    try {
      d.decode(key, 0, key.length);
    } catch (MalformedInputException | RuntimeException e) {
      return "0x" + HexFormat.of().formatHex(key);
    }
    switch (type) {
      case STRING: case VARCHAR:
        return new String(d.getBinary(0), StandardCharsets.UTF_8);
      case BINARY:
        return "0x" + HexFormat.of().formatHex(d.getBinary(0));
      case DATE:
        return LocalDate.ofEpochDay(d.getLong(0)).toString();
      case UNIXTIME_MICROS: {
        long micros = d.getLong(0);
        return MICROS.format(Instant.EPOCH.plusNanos(0).plusSeconds(Math.floorDiv(micros,
            1_000_000L)).plusNanos(Math.floorMod(micros, 1_000_000L) * 1000));
      }
      case INT128: case DECIMAL128:
        return BigInteger.valueOf(d.getInt128High(0)).shiftLeft(64)
            .add(new BigInteger(Long.toUnsignedString(d.getLong(0)))).toString();
      case UINT64:
        return Long.toUnsignedString(d.getLong(0));
      default:
        return Long.toString(d.getLong(0));
    }
  }

  /**
   * The facts as a tree for tools: {@code values}, {@code nullable}, {@code value index}
   * (whether it has one), {@code blocks} (how many), and with {@code blocks} a {@code block
   * list} of each block's {@code block}, {@code offset}, {@code size}, {@code first ordinal},
   * {@code rows} and {@code index key}.
   */
  public static Map<String, Object> describe(CFile file, boolean blocks) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("values", file.numValues());
    out.put("nullable", file.isNullable());
    out.put("value index", file.footer().valueIndexRoot() != null);
    List<Block> all = blocks(file);
    out.put("blocks", all.size());
    if (blocks) {
      List<Object> list = new ArrayList<>();
      for (Block b : all) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("block", b.block());
        m.put("offset", b.offset());
        m.put("size", b.size());
        m.put("first ordinal", b.firstOrdinal());
        m.put("rows", b.rows());
        if (b.indexKey() != null) {
          m.put("index key", b.indexKey());
        }
        list.add(m);
      }
      out.put("block list", list);
    }
    return out;
  }
}
