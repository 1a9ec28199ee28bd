package io.colfile.core.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FileRegionTest {
  private static final FileRegion DATA =
      FileRegion.of("t.orc").child("stripe", 2).child("column", 5).child("DATA").at(1000, 300);

  @Test
  void pathsRenderFromTheFileDown() {
    assertThat(DATA.structure()).isEqualTo("stripe 2 / column 5 / DATA");
    assertThat(DATA.path()).containsExactly("stripe 2", "column 5", "DATA");
    assertThat(DATA.file()).isEqualTo("t.orc");
    assertThat(DATA.start()).isEqualTo(1000);
    assertThat(DATA.length()).isEqualTo(300);
  }

  @Test
  void aChildHasNoPlaceUntilGivenOne() {
    FileRegion column = FileRegion.of("t.orc").child("stripe", 2).at(3, 4000).child("column", 5);
    assertThat(column.start()).isEqualTo(-1);
    assertThat(column.length()).isEqualTo(-1);
    assertThat(column.fileOffset(17)).isEqualTo(-1);
  }

  @Test
  void anErrorInsideARawRegionNamesTheFileOffset() {
    CorruptFileException e = DATA.corrupt(7, "string length %d exceeds the %d bytes left", 91, 17);
    assertThat(e.problem()).isEqualTo("string length 91 exceeds the 17 bytes left");
    assertThat(e.offset()).isEqualTo(7);
    assertThat(e.fileOffset()).isEqualTo(1007);
    assertThat(e.region()).isEqualTo(DATA);
    assertThat(e.structure()).isEqualTo("stripe 2 / column 5 / DATA");
    assertThat(e.getMessage()).isEqualTo("string length 91 exceeds the 17 bytes left"
        + " [t.orc: stripe 2 / column 5 / DATA, file offset 1007]");
  }

  @Test
  void aProblemWithTheWholeStructureNamesItsStart() {
    CorruptFileException e = DATA.corrupt("counts %d and %d disagree", 1, 2);
    assertThat(e.offset()).isEqualTo(-1);
    assertThat(e.fileOffset()).isEqualTo(1000);
    assertThat(e.getMessage()).endsWith("[t.orc: stripe 2 / column 5 / DATA, file offset 1000]");
  }

  @Test
  void slicesAddTheirOffsetToTheParentsStart() {
    FileRegion block = FileRegion.of("c.cfile").child("column", 1).at(4096, 800)
        .slice("block 3", 120, 64);
    assertThat(block.structure()).isEqualTo("column 1 / block 3");
    assertThat(block.start()).isEqualTo(4216);
    assertThat(block.length()).isEqualTo(64);
    assertThat(block.corrupt(10, "bad").fileOffset()).isEqualTo(4226);
  }

  @Test
  void decodedBytesPointAtTheStructureAndNameTheDecodedByte() {
    FileRegion chunk = DATA.asDecoded();
    CorruptFileException e = chunk.corrupt(70_000, "run too long");
    assertThat(e.fileOffset()).isEqualTo(1000);
    assertThat(e.offset()).isEqualTo(70_000);
    assertThat(e.getMessage())
        .endsWith("[t.orc: stripe 2 / column 5 / DATA, file offset 1000, decoded byte 70000]");
    // A structure inside decoded bytes has no place of its own; it keeps the decoded one's.
    FileRegion inner = chunk.slice("entry 4", 500, 20);
    assertThat(inner.decoded()).isTrue();
    assertThat(inner.start()).isEqualTo(1000);
    assertThat(inner.corrupt(3, "bad").fileOffset()).isEqualTo(1000);
  }

  @Test
  void aPartKeepsThePlaceOfItsWhole() {
    FileRegion entry = DATA.part("entry", 3);
    assertThat(entry.structure()).isEqualTo("stripe 2 / column 5 / DATA / entry 3");
    assertThat(entry.start()).isEqualTo(1000);
    assertThat(entry.corrupt("bad").fileOffset()).isEqualTo(1000);
    assertThat(entry.corrupt(8, "bad").fileOffset()).isEqualTo(1000);
    assertThat(FileRegion.of("f").child("x").part("y").start()).isEqualTo(-1);
  }

  @Test
  void anUnplacedStructureStillNamesTheByteWithinIt() {
    CorruptFileException e = FileRegion.of("x.trv").child("column 'a'").corrupt(12, "bad tag");
    assertThat(e.fileOffset()).isEqualTo(-1);
    assertThat(e.offset()).isEqualTo(12);
    assertThat(e.getMessage()).isEqualTo("bad tag [x.trv: column 'a', byte 12]");
    assertThat(FileRegion.of("x.trv").child("column 'a'").corrupt("bad").getMessage())
        .isEqualTo("bad [x.trv: column 'a']");
  }

  @Test
  void theWholeFileNamesOffsetsOnlyWhereTheyMean() {
    assertThat(FileRegion.of("f").corrupt("not a file of any format").getMessage())
        .isEqualTo("not a file of any format [f]");
    assertThat(FileRegion.of("f", 10).corrupt(0, "bad magic").getMessage())
        .isEqualTo("bad magic [f, file offset 0]");
    assertThat(FileRegion.of("f", 10).corrupt(9, "bad").fileOffset()).isEqualTo(9);
  }

  @Test
  void malformedBytesKeepTheirOffsetRelativeToTheBuffer() {
    MalformedInputException m = new MalformedInputException(25, "varint too long");
    CorruptFileException e = DATA.malformed(m, 20);
    assertThat(e.offset()).isEqualTo(5);
    assertThat(e.fileOffset()).isEqualTo(1005);
    assertThat(e.problem()).isEqualTo("varint too long");
    assertThat(e.getCause()).isSameAs(m);
  }

  @Test
  void causesAreKept() {
    RuntimeException cause = new IllegalStateException("inner");
    assertThat(DATA.corrupt(cause, 2, "outer %s", "x").getCause()).isSameAs(cause);
  }

  @Test
  void rejectsImpossiblePlaces() {
    assertThatThrownBy(() -> new FileRegion("f", List.of(), -2, 0, false))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FileRegion.of("f").at(0, -5))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
