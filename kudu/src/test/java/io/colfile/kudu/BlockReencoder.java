package io.colfile.kudu;

import io.colfile.core.codec.Compressor;
import io.colfile.core.codec.Decompressor;
import io.colfile.core.encoding.ByteCursor;
import io.colfile.core.encoding.Endian;
import io.colfile.core.encoding.Varints;
import io.colfile.core.error.MalformedInputException;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.BytesVector;
import io.colfile.kudu.block.BlockCodecs;
import io.colfile.kudu.block.BlockDecoder;
import io.colfile.kudu.block.BlockEncoder;
import io.colfile.kudu.block.DictBlockEncoder;
import io.colfile.kudu.block.RleDecoder;
import io.colfile.kudu.block.RleEncoder;
import io.colfile.kudu.index.IndexTreeReader;
import io.colfile.kudu.meta.BlockPointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Takes Kudu-written CFiles apart block by block and builds each block again with colfile's
 * encoders, fed the block's decoded values as Kudu's writer fed its own (same first ordinal,
 * exactly the block's values), then tallies per kind of block how many come out byte for byte as
 * Kudu wrote them. Kinds are the constants below; {@link BlockReencodeGoldenTest} asserts on the
 * tallies.
 */
final class BlockReencoder {
  static final String NULL_BITMAP = "null bitmap";
  static final String NULL_HEADER = "null header";
  static final String RLE = "RLE";
  static final String PLAIN = "PLAIN fixed-width";
  static final String PLAIN_BOOL = "PLAIN BOOL bitmap";
  static final String BINARY_PLAIN = "BINARY PLAIN";
  static final String PREFIX = "PREFIX";
  static final String DICT_PLAIN = "DICT plain-mode";
  static final String DICT_DICTIONARY = "DICT dictionary";
  static final String BITSHUFFLE = "BIT_SHUFFLE";
  static final String DICT_CODEWORDS = "DICT codeword";
  /** Suffixes of the two partial comparisons of BIT_SHUFFLE and DICT codeword blocks. */
  static final String HEADER_FIELDS = " header fields";
  static final String SHUFFLED = " shuffled bytes";
  static final String INDEX_LEAF = "index leaf";
  static final String INDEX_INTERNAL = "index internal";
  static final String ENVELOPE = "envelope ";
  static final String RAW_DECISION = " stored-raw decision";
  static final String ROUND_TRIP = " round trip";
  static final String KUDU_CODEC_BYTES = " Kudu's codec bytes, framed";

  /** Large enough that no encoder says "full" before it has taken a whole Kudu block. */
  private static final int UNBOUNDED = 1 << 30;

  /** How many blocks of one kind there were, how many matched, and where the first few did not. */
  static final class Tally {
    final String kind;
    int total;
    int identical;
    final List<String> differences = new ArrayList<>();

    Tally(String kind) {
      this.kind = kind;
    }

    void add(boolean same, String where) {
      total++;
      if (same) {
        identical++;
      } else if (differences.size() < 10) {
        differences.add(where);
      }
    }

    @Override
    public String toString() {
      return String.format("%-44s %5d / %5d identical", kind, identical, total);
    }
  }

  private final Map<String, Tally> tallies = new TreeMap<>();
  /** Cells (NULLs included) covered by the data blocks walked, per file. */
  private final Map<String, long[]> coverage = new TreeMap<>();

  Map<String, Tally> tallies() {
    return tallies;
  }

  /** Per file: {cells the data blocks cover, the footer's num_values}. */
  Map<String, long[]> coverage() {
    return coverage;
  }

  Tally tally(String kind) {
    return tallies.computeIfAbsent(kind, Tally::new);
  }

  void count(String kind, boolean same, String where) {
    tally(kind).add(same, where);
  }

  /**
   * Re-encodes the blocks of one file: its index trees always, its data blocks (and dictionary)
   * when {@code dataBlocks}, DICT encoders with {@code blockSize} (the column's block size,
   * which decides when the dictionary is full).
   */
  void file(Path path, String name, int blockSize, boolean dataBlocks) throws IOException {
    byte[] bytes = Files.readAllBytes(path);
    try (CFile r = CFile.open(InputFile.local(path))) {
      Envelope envelope = new Envelope(r, bytes);
      if (dataBlocks) {
        dataBlocks(r, name, blockSize, envelope);
      }
      IndexTrees.rebuild(r, name, r.footer().posIndexRoot(), "posidx", envelope, this);
      IndexTrees.rebuild(r, name, r.footer().valueIndexRoot(), "validx", envelope, this);
    } catch (MalformedInputException e) {
      throw new IOException(name + ": " + e.getMessage(), e);
    }
  }

  private void dataBlocks(CFile r, String name, int blockSize, Envelope envelope)
      throws IOException, MalformedInputException {
    KuduEncoding encoding = r.encoding();
    PhysicalType type = r.dataType().physical();
    IndexTreeReader index = r.positionalIndex() != null ? r.positionalIndex() : r.valueIndex();
    DictBlockEncoder dict = encoding == KuduEncoding.DICT ? new DictBlockEncoder(blockSize) : null;
    BlockEncoder encoder = dict != null ? dict : BlockCodecs.encoder(encoding, type, UNBOUNDED);
    long ordinal = 0;
    if (index != null && index.seekToFirst()) {
      do {
        BlockPointer ptr = index.pointer();
        String where = name + " @" + ptr.offset();
        BlockSlice payload = r.readBlock(ptr, "data block");
        envelope.check(ptr, payload, where, this);
        ordinal += dataBlock(r, payload.toByteArray(), encoder, ordinal, where);
      } while (index.next());
    }
    coverage.put(name, new long[] {ordinal, r.numValues()});
    if (dict != null) {
      BlockPointer ptr = r.footer().dictionaryBlock();
      BlockSlice payload = r.readBlock(ptr, "dictionary block");
      envelope.check(ptr, payload, name + " dictionary", this);
      count(DICT_DICTIONARY, Arrays.equals(dict.dictionaryBlock(), payload.toByteArray()),
          name + " dictionary");
    }
  }

  /** Re-encodes one data block payload; returns the rows it covers. */
  private long dataBlock(CFile r, byte[] p, BlockEncoder encoder, long ordinal,
      String where) throws IOException, MalformedInputException {
    int inner = 0;
    int rows = -1;
    int present = -1;
    if (r.isNullable()) {
      ByteCursor in = new ByteCursor(p);
      rows = (int) in.readVarLong();
      int bitmapLen = (int) in.readVarLong();
      int headerLen = in.position();
      long[] flags = new long[rows];
      new RleDecoder(p, headerLen, bitmapLen, 1).read(flags, 0, rows);
      RleEncoder bits = new RleEncoder(1);
      present = 0;
      for (long f : flags) {
        bits.put(f);
        present += (int) f;
      }
      byte[] bitmap = bits.finish();
      count(NULL_BITMAP, Arrays.equals(bitmap, 0, bitmap.length, p, headerLen,
          headerLen + bitmapLen), where);
      byte[] header = new byte[2 * Varints.MAX_VARLONG_BYTES];
      int h = Varints.writeVarLong(header, Varints.writeVarLong(header, 0, rows), bitmap.length);
      count(NULL_HEADER, Arrays.equals(header, 0, h, p, 0, headerLen), where);
      inner = headerLen + bitmapLen;
    }
    byte[] kudu = Arrays.copyOfRange(p, inner, p.length);
    BlockDecoder decoder = r.blockDecoder(new BlockSlice(kudu, 0, kudu.length));
    int n = decoder.count();
    if (decoder.firstOrdinal() != ordinal || present >= 0 && present != n) {
      throw new AssertionError(where + ": block starts at ordinal " + decoder.firstOrdinal()
          + " with " + n + " values, expected ordinal " + ordinal + (present >= 0
              ? " and " + present + " values (its bitmap's)" : ""));
    }
    int width = r.dataType().physical().width();
    int taken = 0;
    if (width > 0) {
      byte[] cells = new byte[n * width];
      decoder.readCells(cells, 0, n);
      for (int k = -1; taken < n && k != 0; taken += k) {
        k = encoder.addCells(cells, taken * width, n - taken);
      }
    } else {
      BytesVector values = new BytesVector(Math.max(1, n));
      decoder.readBinary(values, 0, n);
      for (int k = -1; taken < n && k != 0; taken += k) {
        k = encoder.addBinary(values, taken, n - taken);
      }
    }
    byte[] ours = encoder.finish(ordinal);
    String kind = kind(r, kudu);
    if (taken < n) {
      // colfile's encoder refused the rest of Kudu's block: a difference in itself
      count(kind, false, where + ": the encoder took " + taken + " of the block's " + n
          + " values");
    } else if (kind.equals(BITSHUFFLE) || kind.equals(DICT_CODEWORDS)) {
      compareBitShuffle(kind, kudu, ours, where);
    } else {
      count(kind, Arrays.equals(ours, kudu), where);
    }
    return rows >= 0 ? rows : n;
  }

  /**
   * BIT_SHUFFLE and DICT codeword blocks: the header fields but compressed_size, the
   * decompressed sub-blocks, and (the kind itself) the whole block's bytes.
   */
  private void compareBitShuffle(String kind, byte[] kudu, byte[] ours, String where)
      throws MalformedInputException {
    int skip = kind.equals(DICT_CODEWORDS) ? 4 : 0; // the mode word
    BitShuffleParts k = BitShuffleParts.parse(kudu, skip, kudu.length - skip);
    BitShuffleParts o = BitShuffleParts.parse(ours, skip, ours.length - skip);
    boolean sameMode = Arrays.equals(kudu, 0, skip, ours, 0, skip);
    count(kind + HEADER_FIELDS, sameMode && k.sameHeaderFields(o), where);
    count(kind + SHUFFLED, k.sameShuffledBytes(o), where);
    count(kind, Arrays.equals(ours, kudu), where + " (" + kudu.length + " bytes, colfile "
        + ours.length + ")");
  }

  private static String kind(CFile r, byte[] inner) {
    PhysicalType type = r.dataType().physical();
    return switch (r.encoding()) {
      case RLE -> RLE;
      case PLAIN -> type == PhysicalType.BOOL ? PLAIN_BOOL
          : type == PhysicalType.BINARY ? BINARY_PLAIN : PLAIN;
      case PREFIX -> PREFIX;
      case BIT_SHUFFLE -> BITSHUFFLE;
      case DICT -> Endian.getIntLE(inner, 0) == 1 ? DICT_CODEWORDS : DICT_PLAIN;
      default -> throw new AssertionError(r.encoding());
    };
  }

  /**
   * Checks a block's compression frame (cfile.md section 4) against colfile's {@link
   * BlockEnvelope#store}. Tallied per codec: the stored bytes themselves; whether both stored the
   * payload raw (compression saving under 10 %) or both compressed it; colfile's stored form
   * opening back to the payload; and, for blocks Kudu compressed, Kudu's own codec bytes
   * framed by {@code store}, which must keep them (Kudu's 10 % rule is colfile's) and give
   * Kudu's stored bytes.
   */
  static final class Envelope {
    private final KuduCompression codec;
    private final Compressor compressor;
    private final Decompressor decompressor;
    private final byte[] file;
    private final int crcLen;

    Envelope(CFile r, byte[] file) {
      this.codec = r.compression();
      this.compressor = BlockEnvelope.compressor(codec);
      this.decompressor = BlockEnvelope.decompressor(codec);
      this.file = file;
      this.crcLen = r.footer().hasChecksums() ? 4 : 0;
    }

    void check(BlockPointer ptr, BlockSlice payload, String where, BlockReencoder out)
        throws MalformedInputException {
      if (codec == KuduCompression.NONE) {
        return;
      }
      int from = (int) ptr.offset();
      byte[] kudu = Arrays.copyOfRange(file, from, from + ptr.size() - crcLen);
      byte[] plain = payload.toByteArray();
      byte[] ours = BlockEnvelope.store(plain, compressor);
      String kind = ENVELOPE + codec.kuduName();
      out.count(kind, Arrays.equals(ours, kudu), where);
      boolean kuduRaw = kudu.length == 4 + plain.length;
      boolean oursRaw = ours.length == 4 + plain.length;
      out.count(kind + RAW_DECISION, kuduRaw == oursRaw, where + " (Kudu "
          + (kuduRaw ? "raw" : "compressed " + (kudu.length - 4)) + ", colfile "
          + (oursRaw ? "raw" : "compressed " + (ours.length - 4)) + " of " + plain.length + ")");
      BlockSlice back = BlockEnvelope.open(ours, 0, ours.length, 2, decompressor);
      out.count(kind + ROUND_TRIP, Arrays.equals(back.toByteArray(), plain), where);
      if (!kuduRaw) {
        byte[] framed = BlockEnvelope.store(plain, new Replay(kudu, 4));
        out.count(kind + KUDU_CODEC_BYTES, Arrays.equals(framed, kudu), where);
      }
    }
  }

  /** A "compressor" whose output is given: the codec bytes of a block Kudu compressed. */
  private record Replay(byte[] stored, int from) implements Compressor {
    @Override
    public int maxCompressedLength(int uncompressedLength) {
      return stored.length - from;
    }

    @Override
    public int compress(byte[] input, int inputOffset, int inputLength, byte[] output,
        int outputOffset, int maxOutputLength) {
      int n = stored.length - from;
      if (n > maxOutputLength) {
        return -1;
      }
      System.arraycopy(stored, from, output, outputOffset, n);
      return n;
    }
  }
}
