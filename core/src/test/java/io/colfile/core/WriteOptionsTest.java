package io.colfile.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.codec.CompressionCodec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WriteOptionsTest {
  @Test
  void settingsAccumulateWithoutChangingTheOriginal() {
    WriteOptions base = WriteOptions.defaults();
    WriteOptions o = base.withCompression(CompressionCodec.ZLIB).withBlockSize(4096)
        .withBloomFilterColumns(List.of("a")).withProperty("x.k", "1").withProperty("x.j", "2");
    assertThat(base.compression()).isEmpty();
    assertThat(base.properties()).isEmpty();
    assertThat(o.compression()).contains(CompressionCodec.ZLIB);
    assertThat(o.blockSize()).hasValue(4096);
    assertThat(o.bloomFilterColumns()).containsExactly("a");
    assertThat(o.properties()).containsExactly(
        java.util.Map.entry("x.k", "1"), java.util.Map.entry("x.j", "2"));
    assertThatThrownBy(() -> o.properties().put("y", "z"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void propertiesAreCheckedByPrefixAndName() {
    WriteOptions o = WriteOptions.defaults().withProperty("x.k", "1");
    o.checkProperties("X", "x.", Set.of("x.k"));
    assertThatThrownBy(() -> o.checkProperties("X", "x.", Set.of("x.j")))
        .hasMessageContaining("unknown X property x.k");
    assertThatThrownBy(() -> o.checkProperties("Y", "y.", Set.of()))
        .hasMessageContaining("Y takes no property x.k");
    assertThatThrownBy(() -> WriteOptions.defaults().withBlockSize(0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void parallelismIsKeptByEveryOtherSetting() {
    java.util.concurrent.Executor direct = Runnable::run;
    WriteOptions o = WriteOptions.defaults().withParallelism(3).withExecutor(direct)
        .withCompression(CompressionCodec.ZLIB).withBlockSize(4096)
        .withBloomFilterColumns(List.of("a")).withProperty("x.k", "1");
    assertThat(WriteOptions.defaults().parallelism()).isEqualTo(1);
    assertThat(WriteOptions.defaults().executor()).isEmpty();
    assertThat(o.parallelism()).isEqualTo(3);
    assertThat(o.executor()).containsSame(direct);
    assertThatThrownBy(() -> WriteOptions.defaults().withParallelism(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
  }
}
