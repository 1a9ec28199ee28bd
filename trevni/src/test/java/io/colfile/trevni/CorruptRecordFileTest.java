package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.testkit.TestSeed;
import io.colfile.text.convert.JsonLinesSource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged files of Avro records (nested lists, maps, unions, enums): reading them through
 * {@link TrevniReader} ends in a CorruptFileException or in rows, never in another exception or
 * a huge allocation (this module's tests run with a 384 MiB heap).
 */
@ExtendWith(TestSeed.class)
class CorruptRecordFileTest {
  @TempDir Path dir;

  private static final long SEED = TestSeed.caseSeed("CorruptRecordFileTest", 0);

  private byte[] sample(TrevniWriterOptions options) throws IOException {
    Type type = Type.parse("struct<id:bigint,tags:array<string>,m:map<string,array<double>>,"
        + "u:uniontype<int,string,struct<a:boolean,b:array<int>>>,s:struct<x:date,y:binary>>");
    StringBuilder rows = new StringBuilder();
    Random rnd = new Random(3);
    for (int i = 0; i < 300; i++) {
      rows.append("{\"id\":").append(i).append(",\"tags\":[\"a\",\"bc\"],\"m\":[{\"key\":\"k")
          .append(i % 7).append("\",\"value\":[1.5,").append(rnd.nextInt(9)).append("]}],\"u\":")
          .append(switch (i % 4) {
            case 0 -> "{\"tag\":0,\"value\":" + i + "}";
            case 1 -> "{\"tag\":1,\"value\":\"s" + i + "\"}";
            case 2 -> "{\"tag\":2,\"value\":{\"a\":true,\"b\":[1,2,3]}}";
            default -> "null";
          }).append(",\"s\":{\"x\":\"2024-01-0").append(1 + i % 9).append("\",\"y\":[1,2]}}\n");
    }
    Path p = dir.resolve("rows-" + System.nanoTime() + ".trv");
    try (TrevniWriter w = TrevniWriter.create(OutputFile.local(p), type, options);
        JsonLinesSource src = new JsonLinesSource("rows", new ByteArrayInputStream(
            rows.toString().getBytes(StandardCharsets.UTF_8)), type)) {
      ColumnBatch batch = new ColumnBatch(type, 64);
      while (src.next(batch)) {
        w.write(batch);
      }
    }
    return Files.readAllBytes(p);
  }

  private static int readAll(byte[] bytes) throws IOException {
    try (TrevniReader r = TrevniReader.open(InputFile.of("damaged.trv", bytes));
        BatchReader rows = r.read(ReadOptions.defaults().withBatchSize(100))) {
      ColumnBatch batch = rows.newBatch();
      int n = 0;
      while (rows.next(batch)) {
        batch.validate();
        n += batch.size;
      }
      return n;
    }
  }

  @Test
  void randomDamageEndsInCorruptFileExceptionOrRows() throws Exception {
    Random rnd = new Random(SEED);
    for (TrevniCodec codec : TrevniCodec.values()) {
      byte[] good = sample(TrevniWriterOptions.builder().codec(codec).blockSize(256).build());
      assertThat(readAll(good)).isEqualTo(300);
      for (int k = 0; k < 400; k++) {
        byte[] bad = good.clone();
        for (int f = 1 + rnd.nextInt(3); f > 0; f--) {
          bad[rnd.nextInt(bad.length)] = rnd.nextBoolean() ? (byte) 0xFF : (byte) rnd.nextInt();
        }
        try {
          readAll(bad);
        } catch (CorruptFileException e) {
          // named and located
        } catch (Throwable t) {
          fail(TestSeed.replay() + ", " + codec + " damage " + k + ": " + t, t);
        }
      }
    }
  }

  @Test
  void aHugeListLengthFailsOnTheDataNotOnMemory() throws Exception {
    int n = 2_000_000;
    byte[] good = TrevniFiles.write(dir, java.util.List.of(
        ColumnSpec.of("a", ValueType.INT).asArray()), TrevniWriterOptions.defaults(), w -> {
          w.startRow();
          w.writeLength(0, n);
          for (int i = 0; i < n; i++) {
            w.writeInt(0, 0);
          }
          w.endRow();
        });
    try (TrevniFile r = TrevniFiles.open(good)) {
      int at = (int) r.blocks(0).get(0).offset();
      // the length 2,000,000 is the zig-zag varint 80 92 f4 01; make it 130,000,000
      assertThat(java.util.Arrays.copyOfRange(good, at, at + 4))
          .containsExactly((byte) 0x80, (byte) 0x92, (byte) 0xf4, (byte) 0x01);
      byte[] bad = good.clone();
      bad[at] = (byte) 0x80;
      bad[at + 1] = (byte) 0x92;
      bad[at + 2] = (byte) 0xfd;
      bad[at + 3] = (byte) 0x7b;
      try (TrevniReader records = TrevniReader.open(InputFile.of("bad.trv", bad))) {
        assertThatThrownBy(() -> {
          try (BatchReader rows = records.read(ReadOptions.defaults())) {
            rows.next(rows.newBatch());
          }
        }).isInstanceOf(CorruptFileException.class).hasMessageContaining("nested values");
        // without the limit, the vectors grow only as far as the data goes
        assertThatThrownBy(() -> {
          try (BatchReader rows = records.read(ReadOptions.defaults()
              .withMaxNestedValues(Long.MAX_VALUE))) {
            rows.next(rows.newBatch());
          }
        }).isInstanceOf(CorruptFileException.class).hasMessageContaining("block ends");
      }
    }
  }
}
