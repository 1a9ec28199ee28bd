package io.colfile.orc.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.io.AtomicOutputStream;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.orc.OrcWriter;
import io.colfile.orc.OrcWriterOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A write that fails, is aborted or is killed leaves nothing at the target. */
class OrcWriterFailureTest {
  private static final Type SCHEMA = Type.parse("struct<a:int,b:string>");
  private static final byte[] OLD = "what the user had".getBytes(StandardCharsets.UTF_8);

  @TempDir Path dir;

  private static ColumnBatch batch(int rows, long first) {
    ColumnBatch b = new ColumnBatch(SCHEMA, rows);
    LongVector a = (LongVector) b.cols[0];
    var s = (io.colfile.core.vector.BytesVector) b.cols[1];
    for (int i = 0; i < rows; i++) {
      a.vector[i] = (first + i) % 1_000_000;
      byte[] text = ("row " + (first + i)).getBytes(StandardCharsets.UTF_8);
      s.setRef(i, text, 0, text.length);
    }
    b.size = rows;
    return b;
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }

  @Test
  void aValueThatDoesNotFitAbortsAndNamesColumnAndRow() throws IOException {
    Path target = dir.resolve("t.orc");
    Files.write(target, OLD);
    OrcWriter w = OrcWriter.create(OutputFile.local(target), SCHEMA, OrcWriterOptions.defaults());
    w.write(batch(5000, 0));
    ColumnBatch bad = batch(10, 0);
    ((LongVector) bad.cols[0]).vector[7] = 1L << 40;
    assertThatThrownBy(() -> w.write(bad))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column a")
        .hasMessageContaining("row 7")
        .hasMessageContaining("1099511627776");
    assertThatThrownBy(() -> w.write(batch(1, 0))).isInstanceOf(IllegalStateException.class);
    w.close();
    assertThat(files()).containsExactly(target);
    assertThat(Files.readAllBytes(target)).isEqualTo(OLD);
  }

  @Test
  void abortLeavesNothing() throws IOException {
    Path target = dir.resolve("t.orc");
    OrcWriter w = OrcWriter.create(OutputFile.local(target), SCHEMA, OrcWriterOptions.defaults());
    w.write(batch(20_000, 0));
    w.abort();
    w.close();
    assertThat(files()).isEmpty();
  }

  @Test
  void anIoErrorMidwayLeavesNothing() throws IOException {
    Path target = dir.resolve("t.orc");
    Files.write(target, OLD);
    OutputFile failing = new OutputFile() {
      @Override
      public String name() {
        return target.toString();
      }

      @Override
      public AtomicOutputStream create() throws IOException {
        AtomicOutputStream real = OutputFile.local(target).create();
        return new AtomicOutputStream() {
          @Override
          public void write(int b) throws IOException {
            check(1);
            real.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            check(len);
            real.write(b, off, len);
          }

          private void check(int len) throws IOException {
            if (real.position() + len > 100_000) {
              throw new IOException("disk full");
            }
          }

          @Override
          public long position() {
            return real.position();
          }

          @Override
          public void close() throws IOException {
            real.close();
          }

          @Override
          public void abort() {
            real.abort();
          }
        };
      }
    };
    OrcWriterOptions small = OrcWriterOptions.builder().stripeSize(64 * 1024)
        .memoryCheckRows(1000).compression(io.colfile.core.codec.CompressionCodec.NONE).build();
    OrcWriter w = OrcWriter.create(failing, SCHEMA, small);
    assertThatThrownBy(() -> {
      for (int i = 0; i < 100; i++) {
        w.write(batch(1024, i * 1024L));
      }
      w.close();
    }).isInstanceOf(IOException.class).hasMessageContaining("disk full");
    assertThat(files()).containsExactly(target);
    assertThat(Files.readAllBytes(target)).isEqualTo(OLD);
  }

  @Test
  void aKilledWriterLeavesTheTargetAsItWas() throws Exception {
    Path target = dir.resolve("t.orc");
    Files.write(target, OLD);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        EndlessWriter.class.getName(), target.toString())
        .redirectErrorStream(true).start();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line = out.readLine();
      assertThat(line).as("child output").isEqualTo("stripes written");
      p.destroyForcibly();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(Files.readAllBytes(target)).isEqualTo(OLD);
    // the killed process cannot clean up its hidden temporary file; it is never the target
    for (Path f : files()) {
      assertThat(f.equals(target) || f.getFileName().toString().startsWith(".t.orc.")).isTrue();
    }
  }

  /** Child process of {@link #aKilledWriterLeavesTheTargetAsItWas}: writes until killed. */
  public static final class EndlessWriter {
    public static void main(String[] args) throws IOException, InterruptedException {
      OrcWriterOptions small = OrcWriterOptions.builder().stripeSize(64 * 1024)
          .memoryCheckRows(1000).build();
      OrcWriter w = OrcWriter.create(OutputFile.local(Path.of(args[0])), SCHEMA, small);
      Random r = new Random(1);
      for (long i = 0; ; i++) {
        w.write(batch(1024, r.nextInt(1000) + i * 1024));
        if (i == 200) {
          System.out.println("stripes written");
          System.out.flush();
        }
        if (i > 200) {
          Thread.sleep(10);
        }
      }
    }
  }
}
