package io.colfile.orc.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.orc.bloom.OrcBloomFilter;
import io.colfile.orc.stripe.StreamKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Apache ORC's rules for which bloom filters a reader may use (orc.md section 10.3). */
class BloomFilterTrustTest {
  private static final int JAVA = 0;
  private static final int CPP = 1;

  @Test
  void orcCppReleasesWithBadIntegerHashingAreDistrustedWhole() {
    for (String v : new String[] {null, "1.6.0", "1.6.11", "1.7.0", "1.6.5-SNAPSHOT"}) {
      BloomFilterTrust t = new BloomFilterTrust(CPP, 6, v);
      assertThat(t.fileReason()).as(v).contains("ORC-1024");
      assertThat(t.reason(TypeKind.LONG, StreamKind.BLOOM_FILTER_UTF8, 1)).as(v)
          .contains("ORC-1024");
    }
    for (String v : new String[] {"1.6.12", "1.7.1", "1.8.0-SNAPSHOT", "2.1.0"}) {
      BloomFilterTrust t = new BloomFilterTrust(CPP, 6, v);
      assertThat(t.fileReason()).as(v).isNull();
      assertThat(t.reason(TypeKind.LONG, StreamKind.BLOOM_FILTER_UTF8, 1)).as(v).isNull();
    }
    // other writers are never distrusted for this, with or without a software version
    assertThat(new BloomFilterTrust(JAVA, 9, null).fileReason()).isNull();
    assertThat(new BloomFilterTrust(4, 6, null).fileReason()).isNull();
  }

  @Test
  void utf8FiltersAreTrustedUnlessTheirEncodingSaysOtherwise() {
    BloomFilterTrust t = new BloomFilterTrust(JAVA, 9, "2.1.1");
    for (TypeKind k : new TypeKind[] {TypeKind.LONG, TypeKind.STRING, TypeKind.DECIMAL,
        TypeKind.DOUBLE, TypeKind.BINARY, TypeKind.DATE, TypeKind.TIMESTAMP}) {
      assertThat(t.reason(k, StreamKind.BLOOM_FILTER_UTF8, 1)).as("%s", k).isNull();
    }
    assertThat(t.reason(TypeKind.LONG, StreamKind.BLOOM_FILTER_UTF8, 0)).isNull();
    assertThat(t.reason(TypeKind.LONG, StreamKind.BLOOM_FILTER_UTF8, 2)).contains("unknown");
    assertThat(t.reason(TypeKind.TIMESTAMP, StreamKind.BLOOM_FILTER_UTF8, 0))
        .contains("original encoding");
  }

  @Test
  void legacyFiltersFollowTheWriterVersion() {
    BloomFilterTrust before12055 = new BloomFilterTrust(JAVA, 2, null);
    BloomFilterTrust before135 = new BloomFilterTrust(JAVA, 5, null);
    BloomFilterTrust current = new BloomFilterTrust(JAVA, 9, null);
    BloomFilterTrust cpp = new BloomFilterTrust(CPP, 6, "1.8.0");
    StreamKind legacy = StreamKind.BLOOM_FILTER;
    // strings: UTF-8 only from HIVE_12055 on
    assertThat(before12055.reason(TypeKind.STRING, legacy, 0)).contains("HIVE_12055");
    assertThat(before12055.reason(TypeKind.VARCHAR, legacy, 0)).contains("HIVE_12055");
    assertThat(before135.reason(TypeKind.CHAR, legacy, 0)).isNull();
    // numbers were always hashed right
    assertThat(before12055.reason(TypeKind.LONG, legacy, 0)).isNull();
    assertThat(before12055.reason(TypeKind.DOUBLE, legacy, 0)).isNull();
    // decimals never, timestamps from ORC_135 on
    assertThat(current.reason(TypeKind.DECIMAL, legacy, 0)).contains("decimal");
    assertThat(before135.reason(TypeKind.TIMESTAMP, legacy, 0)).contains("ORC_135");
    assertThat(current.reason(TypeKind.TIMESTAMP, legacy, 0)).isNull();
    // writers other than Java have every fix of Java's
    assertThat(cpp.reason(TypeKind.STRING, legacy, 0)).isNull();
    assertThat(cpp.reason(TypeKind.TIMESTAMP, legacy, 0)).isNull();
  }

  @Test
  void filtersWithoutValuesAreNeverUsed() {
    BloomFilterTrust t = new BloomFilterTrust(JAVA, 9, null);
    for (TypeKind k : new TypeKind[] {TypeKind.BOOLEAN, TypeKind.STRUCT, TypeKind.LIST,
        TypeKind.MAP, TypeKind.UNION}) {
      assertThat(t.reason(k, StreamKind.BLOOM_FILTER_UTF8, 1)).as("%s", k).isNotNull();
    }
  }

  @Test
  void decimalsAreProbedAsTheirCanonicalTextAndInDecimal64FilesAsLongs() {
    OrcBloomFilter text = new OrcBloomFilter(100, 0.01);
    byte[] b = "1.2".getBytes(StandardCharsets.UTF_8);
    text.addBytes(b, 0, b.length);
    ColumnBloomFilter f = new ColumnBloomFilter(text, Type.decimal(10, 2),
        StreamKind.BLOOM_FILTER_UTF8, false);
    assertThat(f.mightContainDecimal(new BigDecimal("1.20"))).isTrue();
    assertThat(f.mightContainDecimal(new BigDecimal("1.2"))).isTrue();
    assertThat(f.mightContainDecimal(new BigDecimal("12E-1"))).isTrue();

    // ORC Java's decimal64 writer hashes the unscaled value at the column scale
    OrcBloomFilter unscaled = new OrcBloomFilter(100, 0.01);
    unscaled.addLong(120);
    ColumnBloomFilter d64 = new ColumnBloomFilter(unscaled, Type.decimal(10, 2),
        StreamKind.BLOOM_FILTER_UTF8, true);
    assertThat(d64.mightContainDecimal(new BigDecimal("1.2"))).isTrue();
    assertThat(d64.mightContainDecimal(new BigDecimal("1.205"))).isFalse(); // not at scale 2
    ColumnBloomFilter classic = new ColumnBloomFilter(unscaled, Type.decimal(10, 2),
        StreamKind.BLOOM_FILTER_UTF8, false);
    assertThat(classic.mightContainDecimal(new BigDecimal("1.2"))).isFalse();

    OrcBloomFilter zero = new OrcBloomFilter(100, 0.01);
    zero.addBytes(new byte[] {'0'}, 0, 1);
    assertThat(new ColumnBloomFilter(zero, Type.decimal(10, 2), StreamKind.BLOOM_FILTER_UTF8,
        false).mightContainDecimal(new BigDecimal("0.00"))).isTrue();
  }
}
