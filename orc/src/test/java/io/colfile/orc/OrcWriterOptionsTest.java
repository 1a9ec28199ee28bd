package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.codec.CompressionCodec;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class OrcWriterOptionsTest {
  @Test
  void defaultsAreOrcJavas() {
    OrcWriterOptions o = OrcWriterOptions.defaults();
    assertThat(o.compression()).isEqualTo(CompressionCodec.ZSTD);
    assertThat(o.compressionBlockSize()).isEqualTo(256 * 1024);
    assertThat(o.stripeSize()).isEqualTo(64L << 20);
    assertThat(o.rowIndexStride()).isEqualTo(10_000);
    assertThat(o.bloomFilterFpp()).isEqualTo(0.01);
    assertThat(o.dictionaryKeySizeThreshold()).isEqualTo(0.8);
    assertThat(o.fileVersion()).isEqualTo(OrcFileVersion.V_0_12);
    assertThat(o.writerTimeZoneId()).isEqualTo("UTC");
  }

  @Test
  void writerZonesAreNamedAsOrcReadersLoadThem() {
    assertThat(OrcWriterOptions.builder().writerTimeZone(ZoneOffset.UTC).build()
        .writerTimeZoneId()).isEqualTo("UTC");
    assertThat(OrcWriterOptions.builder().writerTimeZone(ZoneOffset.ofHours(5)).build()
        .writerTimeZoneId()).isEqualTo("Etc/GMT-5");
    assertThat(OrcWriterOptions.builder().writerTimeZone(ZoneOffset.ofHours(-8)).build()
        .writerTimeZoneId()).isEqualTo("Etc/GMT+8");
    assertThat(OrcWriterOptions.builder().writerTimeZone(ZoneId.of("America/New_York")).build()
        .writerTimeZoneId()).isEqualTo("America/New_York");
    assertThatThrownBy(() -> OrcWriterOptions.builder()
        .writerTimeZone(ZoneOffset.ofHoursMinutes(5, 30)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Asia/Kolkata");
  }

  @Test
  void badValuesAreRefusedWithTheirName() {
    assertThatThrownBy(() -> OrcWriterOptions.builder().rowIndexStride(10))
        .hasMessageContaining("row index stride");
    assertThatThrownBy(() -> OrcWriterOptions.builder().compressionBlockSize(1 << 23))
        .hasMessageContaining("compression block size");
    assertThatThrownBy(() -> OrcWriterOptions.builder().bloomFilterFpp(1.0))
        .hasMessageContaining("fpp");
    assertThatThrownBy(() -> OrcWriterOptions.builder().compression(CompressionCodec.LZO))
        .hasMessageContaining("LZO");
    assertThatThrownBy(() -> OrcWriterOptions.builder().stripeSize(10))
        .hasMessageContaining("stripe size");
  }

  @Test
  void toBuilderKeepsEverything() {
    OrcWriterOptions o = OrcWriterOptions.builder().compression(CompressionCodec.LZ4)
        .rowIndexStride(0).writerIdentity(7, "x").build();
    OrcWriterOptions copy = o.toBuilder().build();
    assertThat(copy.compression()).isEqualTo(CompressionCodec.LZ4);
    assertThat(copy.rowIndexStride()).isZero();
    assertThat(copy.writerId()).isEqualTo(7);
    assertThat(copy.softwareVersion()).isEqualTo("x");
  }
}
