package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.testkit.TestSeed;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kudu 1.17.1 reads the CFile v1 files colfile writes on request ({@code formatVersion(1)}, the
 * format of Kudu 1.2 and older: magic {@code kuducfil}, a header with major version 1 and minor
 * version 0, compressed blocks framed by both sizes, no feature flags): for every type, with its
 * default encoding and PLAIN, under every compression, nullable, Kudu prints the footer colfile
 * wrote, the header's two version numbers, and exactly colfile's values.
 */
@ExtendWith(TestSeed.class)
class KuduReadsColfileV1Test {
  @TempDir Path dir;

  @Test
  void kuduReadsColfilesVersion1Files() throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    Path scratch = Files.createDirectories(dir.resolve("colfile")).resolve("v1.cfile");
    Random r = TestSeed.random("v1", 0);
    List<ColfileCFiles.Written> files = new ArrayList<>();
    for (KuduType type : List.of(KuduType.BOOL, KuduType.INT8, KuduType.INT32, KuduType.INT64,
        KuduType.FLOAT, KuduType.DOUBLE, KuduType.STRING, KuduType.BINARY, KuduType.DATE,
        KuduType.UNIXTIME_MICROS, KuduType.DECIMAL64, KuduType.DECIMAL128)) {
      for (KuduCompression c : List.of(KuduCompression.NONE, KuduCompression.SNAPPY,
          KuduCompression.LZ4, KuduCompression.ZLIB)) {
        for (var encoding : List.of(type.defaultEncoding(), io.colfile.kudu.KuduEncoding.PLAIN)) {
          CFileWriterOptions o = CFileWriterOptions.builder(type).formatVersion(1)
              .checksums(false).nullable(true).compression(c).encoding(encoding)
              .blockSize(1024).build();
          List<byte[]> cells = KuduCells.column(type, true, 1500, r);
          String name = "v1/" + type.kuduName() + "/" + encoding.kuduName() + "/"
              + c.kuduName();
          files.add(new ColfileCFiles.Written(name, files.size() + 1, o, cells,
              ColfileCFiles.write(scratch, o, cells, r)));
        }
      }
    }
    Map<Long, List<String>> flags = new LinkedHashMap<>();
    for (ColfileCFiles.Written f : files) {
      assertThat(new String(f.bytes(), 0, 8, java.nio.charset.StandardCharsets.US_ASCII))
          .isEqualTo("kuducfil");
      fs.put(f.blockId(), f.bytes());
      flags.put(f.blockId(), List.of());
    }
    Map<Long, KuduDump> dumps = fs.dumpAll(flags);
    List<String> problems = new ArrayList<>();
    for (ColfileCFiles.Written f : files) {
      KuduDump d = dumps.get(f.blockId());
      for (String p : ColfileCFiles.problems(f, d)) {
        problems.add(f.name() + ": " + p);
      }
      if (d.ok() && !new String(d.stdout(), java.nio.charset.StandardCharsets.ISO_8859_1)
          .contains("Header:\n1: 1\n2: 0\n")) {
        problems.add(f.name() + ": Kudu printed no v1 header versions");
      }
    }
    assertThat(problems).as(TestSeed.replay()).isEmpty();
  }
}
