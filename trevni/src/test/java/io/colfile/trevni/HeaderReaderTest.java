package io.colfile.trevni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.ForwardingInputFile;
import io.colfile.core.io.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The header as a record, and the checks {@link HeaderReader} makes of the column starts. */
class HeaderReaderTest {
  @TempDir Path dir;

  private byte[] sample() {
    List<ColumnSpec> cols = List.of(ColumnSpec.of("id", ValueType.INT),
        ColumnSpec.of("name", ValueType.STRING).withCodec(TrevniCodec.DEFLATE),
        ColumnSpec.of("tags", ValueType.STRING).asArray());
    TrevniWriterOptions options =
        TrevniWriterOptions.builder().checksum(TrevniChecksum.CRC32).build();
    return TrevniFiles.write(dir, cols, options, w -> {
      for (int r = 0; r < 3; r++) {
        w.startRow();
        w.writeInt(0, r);
        w.writeString(1, "n" + r);
        w.writeLength(2, 1);
        w.writeString(2, "t" + r);
        w.endRow();
      }
    });
  }

  @Test
  void theHeaderRecordHoldsWhatTheReaderReports() throws Exception {
    byte[] file = sample();
    try (TrevniFile r = TrevniFiles.open(file)) {
      TrevniHeader h = r.header();
      assertThat(h.version()).isEqualTo(2);
      assertThat(h.rowCount()).isEqualTo(3);
      assertThat(h.columnCount()).isEqualTo(3);
      assertThat(h.columns()).extracting(ColumnSpec::name).containsExactly("id", "name", "tags");
      assertThat(h.codec()).isEqualTo(TrevniCodec.NULL);
      assertThat(h.checksum()).isEqualTo(TrevniChecksum.CRC32);
      assertThat(r.codec(1)).isEqualTo(TrevniCodec.DEFLATE);
      assertThat(r.codec(0)).isEqualTo(TrevniCodec.NULL);
      // columns follow the header back to back: the first starts where the header ends
      assertThat(h.columnStarts().get(0)).isEqualTo(h.length());
      for (int i = 0; i < 3; i++) {
        assertThat(r.columnStart(i)).isEqualTo(h.columnStarts().get(i));
      }
      assertThat(h.columnStarts()).isSorted();
    }
  }

  @Test
  void aFileWhoseHeaderIsRefusedIsClosed() {
    byte[] truncated = Arrays.copyOf(sample(), 9);
    boolean[] closed = {false};
    InputFile file = new ForwardingInputFile(InputFile.of("cut.trv", truncated)) {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    assertThatThrownBy(() -> TrevniFile.open(file))
        .isInstanceOf(CorruptFileException.class).hasMessageContaining("cut.trv");
    assertThat(closed[0]).as("the reader owns the file, also when it refuses it").isTrue();
  }

  @Test
  void columnStartsOutOfOrderAreRefused() throws Exception {
    byte[] good = sample();
    long headerLength;
    long[] starts = new long[3];
    try (TrevniFile r = TrevniFiles.open(good)) {
      headerLength = r.headerLength();
      for (int i = 0; i < 3; i++) {
        starts[i] = r.columnStart(i);
      }
    }
    int table = (int) headerLength - 24; // the three fixed64 starts end the header
    // the second column starting where the first does
    byte[] same = good.clone();
    ByteBuffer.wrap(same).order(ByteOrder.LITTLE_ENDIAN).putLong(table + 8, starts[0]);
    assertThatThrownBy(() -> TrevniFiles.open(same)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("header / column starts")
        .hasMessageContaining("column 'name' starts at " + starts[0] + ", within column 'id'");
    // the last two swapped
    byte[] swapped = good.clone();
    ByteBuffer b = ByteBuffer.wrap(swapped).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(table + 8, starts[2]).putLong(table + 16, starts[1]);
    assertThatThrownBy(() -> TrevniFiles.open(swapped)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("column 'tags' starts at " + starts[1]);
    // inside the header
    byte[] early = good.clone();
    ByteBuffer.wrap(early).order(ByteOrder.LITTLE_ENDIAN).putLong(table, headerLength - 1);
    assertThatThrownBy(() -> TrevniFiles.open(early)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("column 'id' starts at " + (headerLength - 1)
            + ", outside the file's data");
  }
}
