package io.colfile.bench;

import io.colfile.kudu.KuduEncoding;

/**
 * What the Kudu benchmarks decode: a lineitem-like column ({@link KuduData.Column}) in one
 * encoding. Public, as JMH's generated code needs it for a {@code @Param}.
 */
public enum KuduCase {
  PLAIN_INT32(KuduData.Column.PARTKEY, KuduEncoding.PLAIN),
  PLAIN_INT64(KuduData.Column.ORDERKEY, KuduEncoding.PLAIN),
  PLAIN_DOUBLE(KuduData.Column.EXTENDEDPRICE, KuduEncoding.PLAIN),
  PLAIN_STRING(KuduData.Column.COMMENT, KuduEncoding.PLAIN),
  /** BOOL's PLAIN: a bitmap. */
  PLAIN_BOOL(KuduData.Column.LATE, KuduEncoding.PLAIN),
  BITSHUFFLE_INT32(KuduData.Column.PARTKEY, KuduEncoding.BIT_SHUFFLE),
  BITSHUFFLE_INT64(KuduData.Column.ORDERKEY, KuduEncoding.BIT_SHUFFLE),
  BITSHUFFLE_DOUBLE(KuduData.Column.EXTENDEDPRICE, KuduEncoding.BIT_SHUFFLE),
  RLE_INT32(KuduData.Column.PARTKEY_SORTED, KuduEncoding.RLE),
  RLE_BOOL(KuduData.Column.LATE, KuduEncoding.RLE),
  /** 7 strings: one-byte codewords. */
  DICT_LOW(KuduData.Column.SHIPMODE, KuduEncoding.DICT),
  /** 10,000 strings (180 KB), a dictionary that does not fill: two-byte codewords. */
  DICT_HIGH(KuduData.Column.SUPPLIER, KuduEncoding.DICT),
  /**
   * Distinct strings: the dictionary fills in the first block, every later block is in plain
   * mode (cfile.md section 6.6); the block benchmark decodes the second block.
   */
  DICT_FALLBACK(KuduData.Column.COMMENT, KuduEncoding.DICT),
  PREFIX(KuduData.Column.ROWKEY, KuduEncoding.PREFIX);

  final KuduData.Column column;
  final KuduEncoding encoding;

  KuduCase(KuduData.Column column, KuduEncoding encoding) {
    this.column = column;
    this.encoding = encoding;
  }
}
