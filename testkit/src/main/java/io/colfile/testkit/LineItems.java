package io.colfile.testkit;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded TPC-H lineitem-like rows: the rows the benchmarks read (bench's {@code LineItemFile}
 * has orc-core write them once) and a realistic table for tests. Orders of 1 to 7 lines, keys
 * 1 to 4 apart; part keys uniform over 1 to 200,000 and suppliers over 1 to 10,000; prices of a
 * quantity (1 to 50) times a part price, in cents; dates from 1992 on, commit within 30 days of
 * shipping and receipt 1 to 30 days after; low-cardinality strings (2 to 7 values) and a comment
 * of 10 to 43 characters of words, nearly every one distinct. The same seed gives the same rows.
 */
public final class LineItems {
  /** The rows' schema, in the type syntax of colfile and ORC alike. */
  public static final String SCHEMA = "struct<"
      + "l_orderkey:bigint,l_partkey:bigint,l_suppkey:bigint,l_linenumber:int,"
      + "l_quantity:double,l_extendedprice:decimal(12,2),l_discount:double,l_tax:decimal(12,2),"
      + "l_returnflag:string,l_linestatus:string,l_shipdate:date,l_commitdate:date,"
      + "l_receiptdate:date,l_shipinstruct:string,l_shipmode:string,l_comment:string>";

  private static final String[] FLAGS = {"A", "N", "R"};
  private static final String[] STATUS = {"F", "O"};
  private static final String[] INSTRUCT = {
    "DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
  private static final String[] MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
  private static final String[] WORDS = {"furiously", "carefully", "quickly", "final", "ironic",
    "pending", "regular", "express", "bold", "deposits", "requests", "accounts", "packages",
    "instructions", "theodolites", "foxes", "sleep", "haggle", "nag", "wake", "among", "above"};
  private static final long FIRST_DAY = LocalDate.of(1992, 1, 1).toEpochDay();

  private final SplittableRandom r;
  private long orderKey = 1;
  private int lineNumber = 1;

  /** The rows of {@code seed}, from the first. */
  public LineItems(long seed) {
    this.r = new SplittableRandom(seed);
  }

  /** Overwrites {@code row} with the next row. */
  public void next(Row row) {
    if (lineNumber > 1 + r.nextInt(7)) {
      orderKey += 1 + r.nextInt(4);
      lineNumber = 1;
    }
    // the order of the draws is the order of the rows: changing it changes every row
    long quantity = 1 + r.nextInt(50);
    row.extendedPrice = quantity * (90_000 + r.nextInt(1_000_000)) / 10;
    long ship = FIRST_DAY + r.nextInt(2526);
    row.orderKey = orderKey;
    row.partKey = 1 + r.nextInt(200_000);
    row.suppKey = 1 + r.nextInt(10_000);
    row.lineNumber = lineNumber++;
    row.quantity = quantity;
    row.discount = r.nextInt(11) / 100.0;
    row.tax = r.nextInt(9);
    row.returnFlag = FLAGS[r.nextInt(FLAGS.length)];
    row.lineStatus = STATUS[r.nextInt(STATUS.length)];
    row.shipDate = ship;
    row.commitDate = ship - 30 + r.nextInt(61);
    row.receiptDate = ship + 1 + r.nextInt(30);
    row.shipInstruct = INSTRUCT[r.nextInt(INSTRUCT.length)];
    row.shipMode = MODES[r.nextInt(MODES.length)];
    row.comment = comment();
  }

  /** The next {@code n} rows in the forms {@link ValueFill} takes. */
  public List<Object> rows(int n) {
    Row row = new Row();
    List<Object> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      next(row);
      out.add(row.values());
    }
    return out;
  }

  /** 10 to 43 characters of TPC-H-like words. */
  private String comment() {
    StringBuilder b = new StringBuilder(48);
    int length = 10 + r.nextInt(34);
    while (b.length() < length) {
      b.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
    }
    return b.substring(0, length);
  }

  /**
   * One row, in the order of {@link #SCHEMA}: decimals as unscaled longs (cents), dates as days
   * since 1970-01-01. Reused from row to row, as a vector is.
   */
  public static final class Row {
    public long orderKey;
    public long partKey;
    public long suppKey;
    public int lineNumber;
    public double quantity;
    public long extendedPrice;
    public double discount;
    public long tax;
    public String returnFlag;
    public String lineStatus;
    public long shipDate;
    public long commitDate;
    public long receiptDate;
    public String shipInstruct;
    public String shipMode;
    public String comment;

    /**
     * The row as a list of its fields in the forms {@link ValueFill} takes: Long for every
     * integer, Double, BigDecimal at scale 2, String and LocalDate.
     */
    public List<Object> values() {
      return Arrays.asList(orderKey, partKey, suppKey, (long) lineNumber, quantity,
          BigDecimal.valueOf(extendedPrice, 2), discount, BigDecimal.valueOf(tax, 2), returnFlag,
          lineStatus, LocalDate.ofEpochDay(shipDate), LocalDate.ofEpochDay(commitDate),
          LocalDate.ofEpochDay(receiptDate), shipInstruct, shipMode, comment);
    }
  }
}
