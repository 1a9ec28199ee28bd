package io.colfile.fuzz;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.WriteOptions;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.CFile;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.block.BlockCodecs;
import io.colfile.kudu.block.BlockEncoder;
import io.colfile.kudu.delta.ColumnUpdate;
import io.colfile.kudu.delta.DeltaFileWriter;
import io.colfile.kudu.delta.DeltaKey;
import io.colfile.kudu.delta.DeltaType;
import io.colfile.kudu.delta.RowChangeList;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.testkit.RandomBatches;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * The seed inputs of every target: small files colfile writes (ORC with every codec, row
 * indexes and bloom filters; Trevni with every codec and checksums; a Kudu rowset with every
 * encoding, its CFiles, BloomFile and manifest; DeltaFiles; one block per encoding and type;
 * whole rowset directories, write-ahead log segments and tablet server directories, {@link
 * KuduServerSeeds}), and text inputs (JSON lines, CSV, {@code --where} predicates, Avro schemas). Seeded, so the
 * same on every run. {@link #main} writes them as {@code seed-<name>} into each target's corpus
 * directory under {@code src/test/resources} (run from the repository root, with the fuzz
 * module's test class path, after a change that should reach the corpus); {@link
 * SeedCorpusTest} checks that the committed seeds are still files the readers accept.
 */
final class SeedCorpus {
  /** Where the committed corpora live, relative to the repository root. */
  static final Path RESOURCES = Path.of("fuzz", "src", "test", "resources", "io", "colfile",
      "fuzz");

  private SeedCorpus() {}

  public static void main(String[] args) throws IOException {
    Path root = args.length > 0 ? Path.of(args[0]) : RESOURCES;
    for (var target : all().entrySet()) {
      Path dir = root.resolve(target.getKey().getSimpleName() + "Inputs").resolve("fuzz");
      Files.createDirectories(dir);
      try (Stream<Path> old = Files.list(dir)) {
        for (Path p : (Iterable<Path>) old::iterator) {
          if (p.getFileName().toString().startsWith("seed-")) {
            Files.delete(p);
          }
        }
      }
      for (var seed : target.getValue().entrySet()) {
        Files.write(dir.resolve("seed-" + seed.getKey()), seed.getValue());
      }
      System.out.println(dir + ": " + target.getValue().size() + " seeds");
    }
  }

  /** Every target's seeds by name. */
  static Map<Class<?>, Map<String, byte[]>> all() throws IOException {
    Map<Class<?>, Map<String, byte[]>> out = new LinkedHashMap<>();
    Path tmp = Files.createTempDirectory("colfile-seeds");
    try {
      out.put(OrcFileFuzzTest.class, orc(tmp));
      out.put(TrevniFileFuzzTest.class, trevni(tmp));
      out.put(AvroSchemaFuzzTest.class, avroSchemas());
      Map<String, byte[]> cfiles = new LinkedHashMap<>();
      Map<String, byte[]> blooms = new LinkedHashMap<>();
      Map<String, byte[]> manifests = new LinkedHashMap<>();
      kuduRowSets(tmp, cfiles, blooms, manifests);
      out.put(KuduCFileFuzzTest.class, cfiles);
      out.put(KuduBloomFileFuzzTest.class, blooms);
      out.put(KuduRowSetManifestFuzzTest.class, manifests);
      out.put(KuduIndexBlockFuzzTest.class, indexBlocks(cfiles));
      out.put(KuduDeltaFileFuzzTest.class, deltas(tmp));
      out.put(KuduBlockFuzzTest.class, blocks());
      out.put(KuduRowSetDirFuzzTest.class, KuduServerSeeds.rowsetDirs(tmp));
      out.put(KuduLogSegmentFuzzTest.class, KuduServerSeeds.logSegments());
      out.put(KuduTabletServerFuzzTest.class, KuduServerSeeds.tabletServers(tmp));
      out.put(JsonLinesFuzzTest.class, jsonLines());
      out.put(CsvFuzzTest.class, csv());
      out.put(WhereFuzzTest.class, where());
    } finally {
      try (Stream<Path> s = Files.walk(tmp)) {
        for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
          Files.delete(p);
        }
      }
    }
    return out;
  }

  /** A small flat schema of the scalar types every format stores. */
  private static final Type FLAT = Type.parse("struct<id:bigint,i:int,s:string,d:double,"
      + "b:boolean,dec:decimal(10,2),dt:date,ts:timestamp,bin:binary>");

  private static final Type NESTED = Type.parse("struct<id:bigint,l:array<int>,"
      + "m:map<string,double>,st:struct<x:bigint,y:array<string>>,u:uniontype<int,string>>");

  private static Map<String, byte[]> orc(Path tmp) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    // ORC's smallest row index stride is 1000 rows: two row groups of a narrow schema
    Map<String, String> indexed = Map.of("orc.row.index.stride", "1000",
        "orc.bloom.filter.columns", "id,s");
    Type narrow = Type.parse("struct<id:bigint,s:string,b:boolean>");
    out.put("indexed-zlib.orc", write(tmp, "orc", narrow, 1500, CompressionCodec.ZLIB, indexed));
    out.put("flat-none.orc", write(tmp, "orc", FLAT, 40, CompressionCodec.NONE, Map.of()));
    out.put("flat-zlib.orc", write(tmp, "orc", FLAT, 30, CompressionCodec.ZLIB, Map.of()));
    out.put("flat-snappy.orc", write(tmp, "orc", FLAT, 20, CompressionCodec.SNAPPY, Map.of()));
    out.put("flat-lz4.orc", write(tmp, "orc", FLAT, 20, CompressionCodec.LZ4, Map.of()));
    out.put("flat-zstd.orc", write(tmp, "orc", FLAT, 20, CompressionCodec.ZSTD, Map.of()));
    out.put("nested-none.orc", write(tmp, "orc", NESTED, 20, CompressionCodec.NONE,
        Map.of()));
    out.put("every-type-none.orc", write(tmp, "orc", RandomBatches.everyType(), 6,
        CompressionCodec.NONE, Map.of()));
    out.put("dictionary-none.orc", write(tmp, "orc", Type.parse("struct<s:string,c:char(4)>"),
        60, CompressionCodec.NONE, Map.of("orc.dictionary.key.threshold", "1.0")));
    out.put("empty.orc", write(tmp, "orc", FLAT, 0, CompressionCodec.NONE, Map.of()));
    return out;
  }

  private static Map<String, byte[]> trevni(Path tmp) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    Type flat = Type.parse("struct<id:bigint,i:int,s:string,d:double,f:float,b:boolean,"
        + "bin:binary>");
    out.put("flat-null.trv", write(tmp, "trevni", flat, 40, CompressionCodec.NONE, Map.of()));
    out.put("flat-deflate-crc32.trv", write(tmp, "trevni", flat, 30, CompressionCodec.ZLIB,
        Map.of("trevni.checksum", "crc32")));
    out.put("flat-snappy.trv", write(tmp, "trevni", flat, 20, CompressionCodec.SNAPPY,
        Map.of()));
    out.put("nested-null.trv", write(tmp, "trevni",
        Type.parse("struct<id:bigint,l:array<int>,m:map<string,double>,"
            + "st:struct<x:bigint,y:array<string>>>"), 20, CompressionCodec.NONE, Map.of()));
    return out;
  }

  private static Map<String, byte[]> avroSchemas() {
    Map<String, byte[]> out = new LinkedHashMap<>();
    out.put("record.avsc", utf8("{\"type\":\"record\",\"name\":\"r\",\"namespace\":\"a.b\","
        + "\"fields\":[{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"s\",\"type\":[\"null\","
        + "\"string\"],\"default\":null},{\"name\":\"l\",\"type\":{\"type\":\"array\",\"items\":"
        + "\"int\"}},{\"name\":\"m\",\"type\":{\"type\":\"map\",\"values\":\"double\"}},"
        + "{\"name\":\"e\",\"type\":{\"type\":\"enum\",\"name\":\"E\",\"symbols\":[\"A\",\"B\"]}},"
        + "{\"name\":\"f\",\"type\":{\"type\":\"fixed\",\"name\":\"F\",\"size\":4}},"
        + "{\"name\":\"dec\",\"type\":{\"type\":\"bytes\",\"logicalType\":\"decimal\","
        + "\"precision\":10,\"scale\":2}},{\"name\":\"self\",\"type\":[\"null\",\"r\"]}]}"));
    out.put("primitive.avsc", utf8("\"string\""));
    out.put("union.avsc", utf8("[\"null\",\"int\",{\"type\":\"long\",\"logicalType\":"
        + "\"timestamp-millis\"}]"));
    return out;
  }

  /**
   * A rowset of every Kudu encoding a column of each type takes, twice: uncompressed without
   * checksums (damage reaches the decoders), and LZ4 with checksums.
   */
  private static void kuduRowSets(Path tmp, Map<String, byte[]> cfiles,
      Map<String, byte[]> blooms, Map<String, byte[]> manifests) throws IOException {
    Type schema = Type.parse("struct<id:bigint,i8:tinyint,i16:smallint,i32:int,i64:bigint,"
        + "f:float,d:double,s:string,p:string,dc:string,bin:binary,dec:decimal(10,2),"
        + "ts:timestamp,dt:date,b:boolean,nb:boolean>");
    String encodings = "i8=plain,i16=rle,i32=bitshuffle,i64=rle,f=bitshuffle,d=plain,"
        + "s=plain,p=prefix,dc=dict,bin=plain,dec=bitshuffle,ts=bitshuffle,dt=plain,b=rle,"
        + "nb=plain";
    for (boolean checked : new boolean[] {false, true}) {
      String tag = checked ? "lz4-checked" : "none";
      Path dir = tmp.resolve("rowset-" + tag);
      WriteOptions o = WriteOptions.defaults()
          .withCompression(checked ? CompressionCodec.LZ4 : CompressionCodec.NONE)
          .withBlockSize(512)
          .withProperty("kudu.key", "id")
          .withProperty("kudu.encoding", encodings)
          .withProperty("kudu.checksums", Boolean.toString(checked));
      try (FileWriter w = ColFile.writer("kudu", dir, schema, o)) {
        ColumnBatch batch = new RandomBatches(new Random(7), ZoneOffset.UTC).batch(schema, 60, 0);
        LongVector id = (LongVector) batch.cols[0];
        for (int r = 0; r < batch.size; r++) {
          id.vector[r] = r * 3L;
          id.isNull[r] = false;
        }
        id.noNulls = true;
        w.write(batch);
      }
      try (Stream<Path> files = Files.list(dir)) {
        for (Path p : (Iterable<Path>) files.sorted()::iterator) {
          String name = p.getFileName().toString();
          byte[] bytes = Files.readAllBytes(p);
          if (name.equals("rowset.json")) {
            manifests.put(tag + ".json", bytes);
          } else if (name.contains("bloom")) {
            blooms.put(tag + "-" + name, bytes);
          } else {
            cfiles.put(tag + "-" + name, bytes);
          }
        }
      }
    }
  }

  /** The positional and value index blocks of the unchecked, uncompressed CFiles. */
  private static Map<String, byte[]> indexBlocks(Map<String, byte[]> cfiles) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (var e : cfiles.entrySet()) {
      if (!e.getKey().startsWith("none-") || out.size() >= 6) {
        continue;
      }
      try (CFile f = CFile.open(InputFile.of(e.getKey(), e.getValue()))) {
        for (BlockPointer p : new BlockPointer[] {f.footer().posIndexRoot(),
            f.footer().valueIndexRoot()}) {
          if (p != null) {
            out.put(e.getKey() + "@" + p.offset(), f.readBlock(p, "index").toByteArray());
          }
        }
      }
    }
    return out;
  }

  private static Map<String, byte[]> deltas(Path tmp) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    Random r = new Random(11);
    for (DeltaType type : DeltaType.values()) {
      for (boolean checked : new boolean[] {false, true}) {
        String name = type.name().toLowerCase() + (checked ? "-lz4-checked" : "-none") + ".delta";
        Path p = tmp.resolve(name);
        try (DeltaFileWriter w = DeltaFileWriter.create(OutputFile.local(p), type, checked,
            checked ? KuduCompression.LZ4 : KuduCompression.NONE, 256)) {
          List<DeltaKey> keys = new java.util.ArrayList<>();
          for (int row = 0; row < 30; row += 1 + r.nextInt(3)) {
            keys.add(new DeltaKey(row, DeltaKey.hybridTime(1_700_000_000_000_000L + row, 0)));
          }
          keys.sort(type.comparator());
          for (DeltaKey k : keys) {
            RowChangeList c = switch ((int) (k.rowOrdinal() % 4)) {
              case 0 -> RowChangeList.delete();
              case 1 -> RowChangeList.update(ColumnUpdate.setNull(3));
              default -> RowChangeList.update(
                  ColumnUpdate.of(1, new byte[] {1, 0, 0, 0}),
                  ColumnUpdate.of(7, utf8("v" + k.rowOrdinal())));
            };
            w.append(k, c);
          }
        }
        out.put(name, Files.readAllBytes(p));
      }
    }
    return out;
  }

  /** One block per (encoding, type) pair, framed as {@link KuduBlockFuzzTest} reads them. */
  private static Map<String, byte[]> blocks() {
    Map<String, byte[]> out = new LinkedHashMap<>();
    Random r = new Random(13);
    for (int i = 0; i < KuduBlockFuzzTest.PAIRS.size(); i++) {
      KuduEncoding enc = (KuduEncoding) KuduBlockFuzzTest.PAIRS.get(i)[0];
      PhysicalType type = (PhysicalType) KuduBlockFuzzTest.PAIRS.get(i)[1];
      BlockEncoder e = BlockCodecs.encoder(enc, type, 256);
      int n = 40;
      if (type == PhysicalType.BINARY) {
        BytesVector v = new BytesVector(n);
        for (int k = 0; k < n; k++) {
          byte[] s = utf8("value-" + (k % 7) + "-" + r.nextInt(3));
          v.vector[k] = s;
          v.start[k] = 0;
          v.length[k] = s.length;
        }
        n = e.addBinary(v, 0, n);
      } else {
        int w = type.width();
        byte[] cells = new byte[n * w];
        for (int k = 0; k < cells.length; k++) {
          cells[k] = (byte) (type == PhysicalType.BOOL ? r.nextInt(2) : (k / w) % 5 + (k % w));
        }
        n = e.addCells(cells, 0, n);
      }
      byte[] block = e.finish(1000);
      byte[] dict = BlockCodecs.dictionaryBlock(e);
      ByteArrayOutputStream framed = new ByteArrayOutputStream();
      framed.write(i);
      if (enc == KuduEncoding.DICT) {
        int len = dict.length;
        framed.write(len);
        framed.write(len >>> 8);
        framed.write(len >>> 16);
        framed.write(len >>> 24);
        framed.writeBytes(dict);
      }
      framed.writeBytes(block);
      out.put(enc.name().toLowerCase() + "-" + type.name().toLowerCase() + ".block",
          framed.toByteArray());
    }
    return out;
  }

  private static Map<String, byte[]> jsonLines() throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    String lines = "{\"b\":true,\"i\":1,\"l\":-9007199254740993,\"f\":1.5,\"d\":-2e-3,"
        + "\"dec\":\"12.345\",\"s\":\"h\\u00e9\\n\",\"v\":\"abc\",\"bin\":\"AAEC\","
        + "\"dt\":\"2024-02-29\",\"ts\":\"2024-02-29 12:34:56.789\","
        + "\"tz\":\"2024-02-29T12:34:56Z\",\"a\":[1,null,3],\"m\":{\"k\":1.0},"
        + "\"st\":{\"x\":\"y\",\"y\":[{\"z\":5}]}}\n"
        + "{\"i\":null,\"s\":null,\"a\":[],\"m\":{},\"st\":null}\n"
        + "\n"
        + "{\"extra\":1,\"i\":2147483647,\"d\":1e308}\n";
    out.put("every-type.jsonl", utf8(lines));
    out.put("every-type.jsonl.gz", gzip(utf8(lines)));
    out.put("inferred.jsonl", utf8("{\"a\":1,\"b\":\"x\",\"c\":[1.5],\"d\":{\"e\":true}}\n"
        + "{\"a\":2.5,\"b\":null,\"c\":[],\"d\":{\"e\":false,\"f\":\"2024-01-01\"}}\n"));
    return out;
  }

  private static Map<String, byte[]> csv() throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    String header = "b,i,l,f,d,dec,s,v,c,bin,dt,ts,tz\n";
    String csv = header
        + "true,1,-9007199254740993,1.5,-2e-3,12.345,\"a, \"\"quoted\"\" one\",abc,xy,AAEC,"
        + "2024-02-29,2024-02-29 12:34:56.789,2024-02-29T12:34:56Z\n"
        + ",,,,,,,,,,,,\n"
        + "false,2147483647,0,NaN,1e308,0,\"multi\nline\",,,,1900-01-01,1900-01-01 00:00:00,\n";
    out.put("every-type.csv", utf8(csv));
    out.put("every-type.csv.gz", gzip(utf8(csv)));
    out.put("every-type.tsv", utf8(header.replace(',', '\t')
        + "true\t1\t2\t1.5\t-2\t1.25\ttab\\there\tabc\txy\t\\N\t2024-02-29\t"
        + "2024-02-29 12:34:56\t\\N\n"));
    out.put("orders-head.csv", utf8(String.join("\n", ordersHead()) + "\n"));
    return out;
  }

  /** The first lines of the repository's testdata/csv/orders.csv, when found. */
  private static List<String> ordersHead() throws IOException {
    Path p = Path.of("..", "testdata", "csv", "orders.csv");
    if (!Files.exists(p)) {
      return List.of("id,name", "1,a");
    }
    List<String> lines = Files.readAllLines(p);
    return lines.subList(0, Math.min(12, lines.size()));
  }

  private static Map<String, byte[]> where() {
    Map<String, byte[]> out = new LinkedHashMap<>();
    String[] texts = {
      "price >= 10 AND (customer.country IN ('NL', 'BE') OR `odd name` < 'm')",
      "NOT (qty BETWEEN -5 AND 5) OR ratio != 1.5e3",
      "day = '2024-02-29' AND at < '2024-02-29 12:00:00.123456789' AND inst >= "
          + "'2024-01-01T00:00:00Z'",
      "name IS NOT NULL AND id NOT IN (1, 2, 3) AND ok = true",
      "raw = X'00ff' OR code = 'ab ' OR v LIKE 'x'",
      "customer.address.city IS NULL AND small > -128 AND f <= 0.1",
    };
    for (int i = 0; i < texts.length; i++) {
      out.put("where-" + i + ".txt", utf8(texts[i]));
    }
    return out;
  }

  /** Writes {@code rows} seeded random rows of {@code schema} and returns the file's bytes. */
  private static byte[] write(Path tmp, String format, Type schema, int rows,
      CompressionCodec codec, Map<String, String> properties) throws IOException {
    Path p = Files.createTempFile(tmp, format, ".seed");
    Files.delete(p);
    WriteOptions o = WriteOptions.defaults().withCompression(codec);
    for (var e : properties.entrySet()) {
      o = o.withProperty(e.getKey(), e.getValue());
    }
    try (FileWriter w = ColFile.writer(format, p, schema, o)) {
      if (rows > 0) {
        w.write(new RandomBatches(new Random(rows * 31L + schema.hashCode()), ZoneOffset.UTC)
            .batch(schema, rows, 0));
      }
    }
    return Files.readAllBytes(p);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] gzip(byte[] b) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(b);
    }
    return out.toByteArray();
  }
}
