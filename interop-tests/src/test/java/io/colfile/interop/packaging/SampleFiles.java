package io.colfile.interop.packaging;

import io.colfile.core.ColFile;
import io.colfile.core.FileWriter;
import io.colfile.core.WriteOptions;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.vector.BytesVector;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.core.vector.LongVector;
import io.colfile.kudu.CFileWriter;
import io.colfile.kudu.CFileWriterOptions;
import io.colfile.kudu.KuduCompression;
import io.colfile.kudu.KuduType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Small files of every format, written by colfile on the test class path, for the packaging tests
 * to read elsewhere (a module layer, an isolated class loader): ids {@code 0..ROWS-1}, so a reader
 * that gets them all sees {@link #ID_SUM}.
 */
final class SampleFiles {
  static final int ROWS = 3000;
  static final long ID_SUM = (long) ROWS * (ROWS - 1) / 2;

  private static final Type TABLE = Type.parse("struct<id:bigint,name:string>");

  private SampleFiles() {}

  /** An ORC or Trevni file ({@code format}) of the columns {@code id} and {@code name}. */
  static Path table(String format, Path file) throws IOException {
    ColumnBatch batch = new ColumnBatch(TABLE, ROWS);
    LongVector ids = (LongVector) batch.cols[0];
    BytesVector names = (BytesVector) batch.cols[1];
    for (int i = 0; i < ROWS; i++) {
      ids.vector[i] = i;
      byte[] name = ("row " + i).getBytes(StandardCharsets.UTF_8);
      names.setRef(i, name, 0, name.length);
    }
    batch.size = ROWS;
    try (FileWriter w = ColFile.writer(format, file, TABLE, WriteOptions.defaults())) {
      w.write(batch);
    }
    return file;
  }

  /** A Kudu CFile of INT64 ids, LZ4-compressed, with its header and footer in protobuf. */
  static Path cfile(Path file) throws IOException {
    LongVector ids = new LongVector(ROWS);
    for (int i = 0; i < ROWS; i++) {
      ids.vector[i] = i;
    }
    CFileWriterOptions options = CFileWriterOptions.builder(KuduType.INT64)
        .compression(KuduCompression.LZ4).build();
    try (CFileWriter w = CFileWriter.create(OutputFile.local(file), options)) {
      w.append(ids, 0, ROWS);
    }
    return file;
  }
}
