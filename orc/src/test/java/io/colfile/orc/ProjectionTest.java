package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.io.InputFile;
import io.colfile.core.codec.CompressionCodec;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.DoubleVector;
import io.colfile.core.vector.LongVector;
import io.colfile.core.vector.StructVector;
import io.colfile.orc.index.StripeIndex;
import io.colfile.orc.stripe.StreamId;
import io.colfile.orc.stripe.StreamKind;
import io.colfile.testkit.CountingInputFile;
import io.colfile.testkit.Rows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A projection reads only the byte ranges of the projected columns' streams, nested ones too. */
class ProjectionTest {
  @Test
  void readsOnlyTheProjectedColumnsBytes() throws IOException {
    Path file = SharedData.orcExamples().resolve("demo-12-zlib.orc");
    long all = bytesRead(file, ReadOptions.defaults());
    long one = bytesRead(file, ReadOptions.columns("_col0"));
    // _col0 is a small integer column of a nine-column file.
    assertThat(one).isLessThan(all / 5);
  }

  @Test
  void projectedValuesEqualTheFullRead() throws IOException {
    Path file = SharedData.orcExamples().resolve("demo-12-zlib.orc");
    long sumAll = 0;
    long sumOne = 0;
    try (OrcReader r = OrcReader.open(InputFile.local(file));
         BatchReader rows = r.read(ReadOptions.defaults());
         BatchReader col = r.read(ReadOptions.columns("_col4"))) {
      ColumnBatch a = rows.newBatch();
      ColumnBatch b = col.newBatch();
      while (rows.next(a)) {
        assertThat(col.next(b)).isTrue();
        assertThat(b.size).isEqualTo(a.size);
        for (int i = 0; i < a.size; i++) {
          sumAll += ((LongVector) a.cols[4]).vector[i] * (i + 1);
          sumOne += ((LongVector) b.cols[0]).vector[i] * (i + 1);
        }
      }
      assertThat(col.next(b)).isFalse();
    }
    assertThat(sumOne).isEqualTo(sumAll).isNotZero();
  }

  /**
   * A path into nested structs ({@code st.z.q}) reads the structs' PRESENT streams on the way and
   * the field's own streams, nothing of the fields beside them: here the large DATA stream of
   * {@code st.y} is never touched. The rows are the full read's, pruned.
   */
  @Test
  void aNestedPathReadsOnlyWhatItNeeds(@TempDir Path dir) throws IOException {
    Type schema = Type.parse("struct<a:int,st:struct<x:bigint,y:string,"
        + "z:struct<p:double,q:string>>,b:string>");
    Path file = dir.resolve("nested.orc");
    int rows = 4000;
    OrcWriterOptions options = OrcWriterOptions.builder().compression(CompressionCodec.NONE)
        .rowIndexStride(1000).build();
    try (OrcWriter w = OrcWriter.create(OutputFile.local(file), schema, options)) {
      ColumnBatch batch = new ColumnBatch(schema, rows);
      LongVector a = (LongVector) batch.cols[0];
      StructVector st = (StructVector) batch.cols[1];
      LongVector x = (LongVector) st.fields[0];
      BytesVector y = (BytesVector) st.fields[1];
      StructVector z = (StructVector) st.fields[2];
      DoubleVector p = (DoubleVector) z.fields[0];
      BytesVector q = (BytesVector) z.fields[1];
      BytesVector b = (BytesVector) batch.cols[2];
      for (int i = 0; i < rows; i++) {
        a.vector[i] = i;
        if (i % 7 == 0) {
          st.setNull(i);
        }
        x.vector[i] = -i;
        byte[] big = (i + "y".repeat(2000)).getBytes(StandardCharsets.UTF_8); // not a dictionary
        y.setRef(i, big, 0, big.length);
        if (i % 5 == 0) {
          z.setNull(i);
        }
        p.vector[i] = i / 2.0;
        byte[] text = ("q" + i).getBytes(StandardCharsets.UTF_8);
        if (i % 3 == 0) {
          q.setNull(i);
        } else {
          q.setRef(i, text, 0, text.length);
        }
        b.setRef(i, text, 0, text.length);
      }
      batch.size = rows;
      w.write(batch);
    }
    CountingInputFile in = new CountingInputFile(InputFile.local(file));
    try (OrcReader orc = OrcReader.open(in)) {
      List<Object> all = Rows.readAll(orc.read(ReadOptions.defaults()));
      in.forget();
      List<Object> got = Rows.readAll(orc.read(ReadOptions.columns("st.z.q", "a")));
      List<Object> want = new ArrayList<>();
      for (Object row : all) {
        List<?> fields = (List<?>) row;
        List<?> stValue = (List<?>) fields.get(1);
        List<?> zValue = stValue == null ? null : (List<?>) stValue.get(2);
        Object pruned = stValue == null ? null
            : Collections.singletonList(zValue == null ? null
                : Collections.singletonList(zValue.get(1)));
        want.add(Arrays.asList(pruned, fields.get(0)));
      }
      assertThat(got).isEqualTo(want);
      for (int s = 0; s < orc.stripes().size(); s++) {
        Stripe stripe = Stripe.read(InputFile.local(file), orc.tail(), s, orc.stripes().get(s));
        StripeIndex.Located yData = stripe.streams.get(new StreamId(4, StreamKind.DATA));
        StripeIndex.Located qData = stripe.streams.get(new StreamId(7, StreamKind.DATA));
        assertThat(yData.length()).isGreaterThan(1 << 21);
        assertThat(in.touched(yData.offset(), yData.length())).as("st.y's DATA").isFalse();
        assertThat(in.touched(qData.offset(), qData.length())).as("st.z.q's DATA").isTrue();
      }
    }
  }

  private static long bytesRead(Path file, ReadOptions options) throws IOException {
    CountingInputFile in = new CountingInputFile(InputFile.local(file));
    try (OrcReader r = OrcReader.open(in); BatchReader rows = r.read(options)) {
      long before = in.bytes();
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        // just read
      }
      return in.bytes() - before;
    }
  }
}
