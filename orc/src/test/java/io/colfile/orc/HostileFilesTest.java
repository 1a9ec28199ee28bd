package io.colfile.orc;

import static io.colfile.orc.proto.OrcProto.Stream.Kind.DATA;
import static io.colfile.orc.proto.OrcProto.Stream.Kind.DICTIONARY_DATA;
import static io.colfile.orc.proto.OrcProto.Stream.Kind.LENGTH;
import static io.colfile.orc.proto.OrcProto.Stream.Kind.SECONDARY;
import static io.colfile.orc.proto.OrcProto.Type.Kind.BOOLEAN;
import static io.colfile.orc.proto.OrcProto.Type.Kind.LIST;
import static io.colfile.orc.proto.OrcProto.Type.Kind.LONG;
import static io.colfile.orc.proto.OrcProto.Type.Kind.STRING;
import static io.colfile.orc.proto.OrcProto.Type.Kind.STRUCT;
import static io.colfile.orc.proto.OrcProto.Type.Kind.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.colfile.core.BatchReader;
import io.colfile.core.ReadOptions;
import io.colfile.core.error.CorruptFileException;
import io.colfile.core.io.InputFile;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.orc.proto.OrcProto;
import io.colfile.text.JsonLinesWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * Metadata no writer produces but a damaged or hostile file can hold: each must give a
 * CorruptFileException naming the problem (quickly, without huge allocations), or read the way
 * Apache ORC reads it.
 */
class HostileFilesTest {
  @Test
  void typesSharingAChildAreCorrupt() {
    byte[] file = new HandMadeOrc().type(STRUCT, 1, 1).type(LONG).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("pre-order");
  }

  @Test
  void aStructNamingAFieldTwiceIsCorrupt() {
    // columns are found by name, so a second "a" would read as the first (a damaged footer
    // turned _col5 into _col0 in an example file)
    byte[] file = new HandMadeOrc().type(OrcProto.Type.newBuilder().setKind(STRUCT)
        .addSubtypes(1).addSubtypes(2).addFieldNames("a").addFieldNames("a").build())
        .type(LONG).type(OrcProto.Type.Kind.DOUBLE).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("field name 'a' twice");
  }

  @Test
  void typeGraphsThatWouldExplodeAreCorrupt() {
    // Type i = struct<i+1, i+2>: a DAG whose unfolded tree has 2^40 nodes.
    HandMadeOrc orc = new HandMadeOrc();
    for (int i = 0; i < 40; i++) {
      orc.type(STRUCT, i + 1, i + 2);
    }
    orc.type(LONG).type(LONG);
    byte[] file = orc.build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class);
  }

  @Test
  void decimalPrecisionBeyondIntIsCorrupt() {
    byte[] file = new HandMadeOrc().type(OrcProto.Type.newBuilder()
        .setKind(OrcProto.Type.Kind.DECIMAL).setPrecision(-5).setScale(2).build()).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("decimal(");
  }

  @Test
  void streamsOfHugeColumnIdsAreIgnored() {
    // Column ids are unsigned 32-bit: 0xFFFFFFFF arrives as -1 in Java.
    byte[] file = new HandMadeOrc().type(LONG).rows(3)
        .stream(DATA, -1, 0x08, 0x27, 0x10).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("DATA");
  }

  @Test
  void aStreamWithoutColumnBelongsToColumnZero() throws IOException {
    // As Apache ORC Java and C++ read it: short repeat of 5000, three times.
    byte[] file = new HandMadeOrc().type(LONG).rows(3).stream(DATA, null, 0x08, 0x27, 0x10)
        .build();
    assertThat(read(file)).isEqualTo("5000\n5000\n5000\n");
  }

  @Test
  void listsClaimingBillionsOfEmptyStructsAreStopped() {
    // list<struct<>> with one row of 0x7fffff00 elements (RLE v2 DIRECT, 32 bits): the
    // elements take no bytes at all.
    byte[] file = new HandMadeOrc().type(LIST, 1).type(STRUCT).rows(1)
        .stream(LENGTH, 0, 0x76, 0x00, 0x7f, 0xff, 0xff, 0x00).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("withMaxNestedValues");
  }

  @Test
  void dictionariesLargerThanTheirBytesAreCorrupt() {
    byte[] file = new HandMadeOrc().type(STRING).rows(1)
        .encoding(OrcProto.ColumnEncoding.newBuilder()
            .setKind(OrcProto.ColumnEncoding.Kind.DICTIONARY_V2).setDictionarySize(1 << 28)
            .build())
        .stream(DATA, 0, 0x00, 0x00).stream(LENGTH, 0, 0x00, 0x00)
        .stream(DICTIONARY_DATA, 0, 'a', 'b').build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("dictionary of 268435456 entries");
  }

  @Test
  void shortZoneIdsOfOldJavaWritersAreRead() throws IOException {
    // seconds 0 relative to 2015-01-01 in PST (-08:00), nanos 0: prints the writer's wall clock
    byte[] file = new HandMadeOrc().type(TIMESTAMP).rows(1).writerZone("PST")
        .stream(DATA, 0, 0x00, 0x00, 0x00).stream(SECONDARY, 0, 0x00, 0x00, 0x00).build();
    assertThat(read(file)).isEqualTo("\"2015-01-01 00:00:00.0\"\n");
  }

  @Test
  void footersOfMillionsOfEmptyMessagesAreRefusedBeforeParsing() {
    // 9 million empty user-metadata items (field 5, length 0): 18 MB that protobuf would turn
    // into 9 million objects. Compressed, such a footer takes a few kilobytes.
    byte[] items = new byte[2 * 9_000_000];
    for (int i = 0; i < items.length; i += 2) {
      items[i] = 0x2a;
    }
    byte[] file = new HandMadeOrc().type(LONG).footerTail(items).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("holds 9000").hasMessageContaining(": footer, file offset");
  }

  @Test
  void unknownTypeKindsAreCorrupt() {
    byte[] file = new HandMadeOrc().type(OrcProto.Type.newBuilder().build()).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class);
    byte[] ok = new HandMadeOrc().type(BOOLEAN).build();
    assertThat(ok).isNotEmpty();
  }

  @Test
  void aFooterRowCountTheStripesDoNotHoldIsCorrupt() throws IOException {
    // A struct without columns: 4 rows in its one stripe, and the footer's number_of_rows
    // (field 6) given again as 5, which protobuf takes over the first.
    assertThat(read(new HandMadeOrc().type(STRUCT).rows(4).build())).hasLineCount(4);
    byte[] file = new HandMadeOrc().type(STRUCT).rows(4).footerTail(new byte[] {0x30, 5}).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("the footer says the file holds 5 rows, its 1 stripes hold 4")
        .hasMessageContaining(": footer, file offset");
  }

  @Test
  void aStripeListThatLostItsRowsIsCorrupt() {
    // The footer claims 10,000 rows, its stripe holds none: it read as an empty file.
    byte[] file = new HandMadeOrc().type(STRUCT).rows(0)
        .footerTail(new byte[] {0x30, (byte) 0x90, 0x4e}).build();
    assertThatThrownBy(() -> read(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("holds 10000 rows, its 1 stripes hold 0");
  }

  @Test
  void stripesOverlappingOrOutsideTheContentAreCorrupt() {
    // A second stripe (field 3) at offset 3 again, over the first.
    byte[] overlap = new HandMadeOrc().type(STRUCT).rows(1)
        .footerTail(new byte[] {0x1a, 4, 0x08, 3, 0x28, 1}).build();
    assertThatThrownBy(() -> read(overlap)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("stripe 1 at file offset 3 with 0 bytes does not lie between "
            + "the end of stripe 0")
        .hasMessageContaining(": footer / stripe 1, file offset");
    // A second stripe at offset 1000, past the tail of a file of some 60 bytes.
    byte[] outside = new HandMadeOrc().type(STRUCT).rows(1)
        .footerTail(new byte[] {0x1a, 5, 0x08, (byte) 0xe8, 0x07, 0x28, 1}).build();
    assertThatThrownBy(() -> read(outside)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("stripe 1 at file offset 1000");
  }

  private static String read(byte[] file) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonLinesWriter json = new JsonLinesWriter(out);
    try (OrcReader r = OrcReader.open(InputFile.of("hand-made.orc", file));
         BatchReader rows = r.read(ReadOptions.defaults().withDefaultZone(ZoneOffset.UTC))) {
      ColumnBatch b = rows.newBatch();
      while (rows.next(b)) {
        b.validate();
        json.write(b);
      }
    }
    json.flush();
    return out.toString(StandardCharsets.UTF_8);
  }
}
