package io.colfile.interop.kudu;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.read.SalvageReport;
import io.colfile.kudu.CFile;
import io.colfile.kudu.CFileSalvage;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduEncoding;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.meta.BlockPointer;
import io.colfile.testkit.TestSeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code kudu} binary reads CFiles colfile salvaged from damaged CFiles (one data block
 * after the first flipped, four encodings and compressions): {@code kudu fs dump cfile} prints
 * exactly the original's first values, as many as salvage kept, and no error.
 */
@ExtendWith(TestSeed.class)
class KuduReadsSalvagedCFileTest {
  @TempDir Path dir;

  @Test
  void kuduReadsTheValuesSalvageKept() throws IOException {
    KuduFs fs = KuduFs.format(KuduBinary.get(), dir);
    Path scratch = Files.createDirectories(dir.resolve("colfile")).resolve("f.cfile");
    Random r = TestSeed.random("salvaged-cfile", 0);
    long id = 1;
    for (Object[] c : new Object[][] {
        {KuduType.INT32, KuduEncoding.PLAIN, KuduCompression.NONE, false},
        {KuduType.STRING, KuduEncoding.DICT, KuduCompression.LZ4, true},
        {KuduType.DOUBLE, KuduEncoding.BIT_SHUFFLE, KuduCompression.ZLIB, true},
        {KuduType.STRING, KuduEncoding.PREFIX, KuduCompression.SNAPPY, false}}) {
      KuduType type = (KuduType) c[0];
      CFileWriterOptions o = CFileWriterOptions.builder(type).encoding((KuduEncoding) c[1])
          .compression((KuduCompression) c[2]).nullable((Boolean) c[3]).blockSize(512).build();
      List<byte[]> cells = KuduCells.column(type, o.nullable(), 3_000, r);
      byte[] file = ColfileCFiles.write(scratch, o, cells, r);
      String what = type + " " + o.encoding() + " " + o.compression() + ", " + TestSeed.replay();
      BlockPointer block;
      try (CFile reader = CFile.open(InputFile.of("original", file))) {
        List<BlockPointer> data = ColfileCFiles.leafPointers(reader.positionalIndex());
        assertThat(data).as(what + " data blocks").hasSizeGreaterThanOrEqualTo(3);
        block = data.get(1 + r.nextInt(data.size() - 1));
      }
      byte[] damaged = ColfileCFiles.flip(file,
          (int) block.offset() + r.nextInt(block.size() - 4));
      Path out = dir.resolve("salvaged-" + id + ".cfile");
      SalvageReport report = CFileSalvage.salvage(InputFile.of("damaged", damaged),
          OutputFile.local(out));
      what += ": " + report.summary();
      long kept = report.rowsKept();
      assertThat(kept).as(what).isPositive().isLessThan(cells.size());
      fs.put(id, Files.readAllBytes(out));
      KuduDump dump = fs.dump(id).requireOk();
      assertThat(dump.values()).as(what)
          .isEqualTo(KuduCells.lines(type, cells.subList(0, (int) kept)));
      id++;
    }
  }
}
