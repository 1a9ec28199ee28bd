package io.colfile.kudu.key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.colfile.core.error.MalformedInputException;
import io.colfile.kudu.DumpValues;
import io.colfile.kudu.KuduDump;
import io.colfile.kudu.KuduSharedData;
import io.colfile.kudu.KuduType;
import io.colfile.kudu.PhysicalType;
import io.colfile.kudu.RawCFile;
import io.colfile.kudu.RowsetKeys;
import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keys Kudu 1.17.1 wrote: the ad-hoc composite-key index cells decode into the same rows' key
 * column values and re-encode to the same bytes; every key CFile's min_key/max_key equal the
 * encoded first and last keys; and rows are in strictly ascending key order.
 */
class KeyGoldenTest {
  private static final HexFormat HEX = HexFormat.of();

  @Test
  void compositeIndexCellsDecodeToTheKeyColumns() throws IOException, MalformedInputException {
    int checked = 0;
    for (KuduSharedData.Table t : KuduSharedData.tables()) {
      if (!RowsetKeys.composite(t)) {
        continue;
      }
      KeyEncoder enc = RowsetKeys.encoder(t);
      KeyDecoder dec = new KeyDecoder(enc);
      for (int rs : t.rowsets()) {
        List<byte[]> cells =
            KuduDump.read(t.file("rs" + rs + ".adhoc-index.dump.txt")).binaryValues();
        List<List<String>> cols = RowsetKeys.keyColumnValues(t, rs);
        assertEquals(cols.get(0).size(), cells.size(), t.name() + " rs" + rs + " rows");
        KeyBuffer buf = new KeyBuffer();
        for (int row = 0; row < cells.size(); row++) {
          byte[] cell = cells.get(row);
          String where = t.name() + " rs" + rs + " row " + row + " key " + HEX.formatHex(cell);
          dec.decode(cell, 0, cell.length);
          buf.reset();
          for (int c = 0; c < enc.columnCount(); c++) {
            KuduType type = enc.type(c);
            byte[] expected = DumpValues.cell(type, cols.get(c).get(row));
            if (type.physical() == PhysicalType.BINARY) {
              assertArrayEquals(expected, dec.getBinary(c), where + " column " + c);
              enc.appendBinary(buf, c, dec.binaryArray(c), dec.binaryOffset(c),
                  dec.binaryLength(c));
            } else {
              byte[] got = new byte[type.physical().width()];
              dec.copyCell(c, got, 0);
              assertArrayEquals(expected, got, where + " column " + c);
              enc.appendLong(buf, c, dec.getLong(c));
            }
          }
          assertArrayEquals(cell, buf.toByteArray(), where + " re-encoded");
          checked++;
        }
        // The same keys from the column values alone.
        List<byte[]> fromColumns = RowsetKeys.encodeFromColumns(t, rs);
        for (int row = 0; row < cells.size(); row++) {
          assertArrayEquals(cells.get(row), fromColumns.get(row), t.name() + " row " + row);
        }
      }
    }
    assertTrue(checked >= 1000, checked + " composite keys checked");
  }

  @Test
  void minAndMaxKeysAndOrder() throws IOException {
    int files = 0;
    for (KuduSharedData.Table t : KuduSharedData.tables()) {
      for (int rs : t.rowsets()) {
        String keyFile = RowsetKeys.composite(t) ? "rs" + rs + ".adhoc-index"
            : "rs" + rs + ".col." + t.keyColumns().get(0);
        List<byte[]> keys = RowsetKeys.kuduKeys(t, rs);
        for (int i = 1; i < keys.size(); i++) {
          assertTrue(Arrays.compareUnsigned(keys.get(i - 1), keys.get(i)) < 0,
              t.name() + " rs" + rs + ": keys " + (i - 1) + " and " + i + " out of order");
        }
        KuduDump dump = KuduDump.read(t.file(keyFile + ".dump.txt"));
        RawCFile file = RawCFile.read(t.file(keyFile + ".cfile"));
        for (String which : new String[] {"min_key", "max_key"}) {
          byte[] expected = which.equals("min_key") ? keys.get(0) : keys.get(keys.size() - 1);
          byte[] inDump = dump.metadata(which);
          assertNotNull(inDump, keyFile + " " + which);
          assertEquals(HEX.formatHex(expected), HEX.formatHex(inDump),
              t.name() + " " + keyFile + " " + which);
          // The dump prints each value twice; the file holds it once.
          assertArrayEquals(inDump, file.footerMetadata(which), keyFile + " " + which);
        }
        files++;
      }
    }
    assertTrue(files >= 18, files + " key files");
  }
}
