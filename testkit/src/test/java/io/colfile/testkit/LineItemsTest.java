package io.colfile.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.core.types.Type;
import io.colfile.core.vector.ColumnBatch;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(TestSeed.class)
class LineItemsTest {
  @Test
  void aSeedGivesItsRowsAgain() {
    long seed = TestSeed.caseSeed("lineitems", 0);
    assertThat(new LineItems(seed).rows(2000)).isEqualTo(new LineItems(seed).rows(2000))
        .isNotEqualTo(new LineItems(seed + 1).rows(2000));
  }

  @Test
  void rowsKeepTheShapesTheJavadocPromises() {
    LineItems items = new LineItems(TestSeed.caseSeed("lineitems", 1));
    LineItems.Row row = new LineItems.Row();
    long order = 0;
    int lines = 0;
    for (int i = 0; i < 20_000; i++) {
      items.next(row);
      String at = "row " + i + ", " + TestSeed.replay();
      if (row.orderKey != order) {
        assertThat(row.orderKey - order).as(at).isBetween(1L, 4L);
        assertThat(row.lineNumber).as(at).isEqualTo(1);
        order = row.orderKey;
        lines = 0;
      }
      assertThat(row.lineNumber).as(at).isEqualTo(++lines).isBetween(1, 7);
      assertThat(row.partKey).as(at).isBetween(1L, 200_000L);
      assertThat(row.suppKey).as(at).isBetween(1L, 10_000L);
      assertThat(row.extendedPrice).as(at)
          .isBetween((long) row.quantity * 9_000, (long) row.quantity * 109_000);
      assertThat(row.commitDate - row.shipDate).as(at).isBetween(-30L, 30L);
      assertThat(row.receiptDate - row.shipDate).as(at).isBetween(1L, 30L);
      assertThat(row.comment.length()).as(at).isBetween(10, 43);
    }
  }

  @Test
  void rowsFillTheirSchema() {
    List<Object> rows = new LineItems(TestSeed.caseSeed("lineitems", 2)).rows(1500);
    ColumnBatch batch = ValueFill.batch(Type.parse(LineItems.SCHEMA), rows);
    assertThat(batch.size).isEqualTo(1500);
    assertThat(((List<?>) Rows.row(batch, 1499)).get(3)).isEqualTo(((List<?>) rows.get(1499))
        .get(3));
  }
}
