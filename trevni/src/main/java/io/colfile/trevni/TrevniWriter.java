package io.colfile.trevni;

import io.colfile.core.FileWriter;
import io.colfile.core.io.OutputFile;
import io.colfile.core.types.Type;
import io.colfile.core.types.TypeKind;
import io.colfile.core.vector.ColumnBatch;
import io.colfile.trevni.avro.AvroColumns;
import io.colfile.trevni.avro.AvroSchema;
import io.colfile.trevni.avro.AvroTypes;
import io.colfile.trevni.avro.RowWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes rows as Avro records in a Trevni file, shredded into columns as Apache Avro's
 * trevni-avro does, with the schema in the file metadata under {@code avro.schema}: trevni-avro's
 * {@code AvroColumnReader} reads the result. Batches have the schema {@link
 * AvroTypes#rowType(AvroSchema)}; {@link #create(OutputFile, Type, TrevniWriterOptions)} derives
 * the Avro schema from a colfile type instead (see {@link AvroTypes#fromType}).
 *
 * <p>The file appears at its target when {@link #close()} returns; a failed write or {@link
 * #abort()} leaves nothing there.
 */
public final class TrevniWriter implements FileWriter {
  /** The file metadata key of the Avro schema. */
  public static final String SCHEMA_KEY = "avro.schema";

  private final AvroSchema avroSchema;
  private final Type type;
  private final TrevniFileWriter file;
  private final RowWriter rows;
  private boolean done;

  private TrevniWriter(OutputFile out, AvroSchema schema, Type type,
      TrevniWriterOptions options) {
    this.avroSchema = schema;
    this.type = type;
    AvroColumns columns = AvroColumns.of(schema);
    this.file = TrevniFileWriter.create(out, sorted(schema, columns, options.sortedFields()),
        options.toBuilder().metadata(SCHEMA_KEY, schema.toString()).sortedFields().build());
    this.rows = new RowWriter(schema, columns, file);
  }

  /**
   * The columns of {@code columns}, those of the {@code sorted} fields of {@code schema}'s records
   * declared sorted (see {@link TrevniWriterOptions#sortedFields()}).
   */
  private static List<ColumnSpec> sorted(AvroSchema schema, AvroColumns columns,
      List<String> sorted) {
    List<ColumnSpec> specs = new ArrayList<>(columns.specs());
    for (String path : sorted) {
      AvroSchema s = schema;
      for (String name : path.split("\\.", -1)) {
        AvroSchema.Field f = s.kind() == AvroSchema.Kind.RECORD ? s.field(name) : null;
        if (f == null) {
          throw new IllegalArgumentException("sorted field '" + path + "': no such field "
              + "reached through records alone (a nullable field is a union)");
        }
        s = f.schema();
      }
      if (!AvroColumns.isSimple(s) || s.kind() == AvroSchema.Kind.NULL
          || s.kind() == AvroSchema.Kind.ENUM || "decimal".equals(s.logicalType())) {
        String what = s.kind() == AvroSchema.Kind.UNION ? "a union (a nullable field is a union)"
            : "a " + s.kind().name().toLowerCase(Locale.ROOT)
                + (s.logicalType() == null ? "" : " (" + s.logicalType() + ")");
        throw new IllegalArgumentException("sorted field '" + path + "': " + what + " cannot be "
            + "sorted, only a non-null field of a type stored in its order (not a union, array, "
            + "map, record, enum or decimal)");
      }
      int c = columnIndex(specs, path.replace('.', '#'));
      specs.set(c, specs.get(c).sorted());
    }
    return specs;
  }

  private static int columnIndex(List<ColumnSpec> specs, String name) {
    for (int i = 0; i < specs.size(); i++) {
      if (specs.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("no column " + name);
  }

  /** A writer of records of {@code schema}. */
  public static TrevniWriter create(OutputFile out, AvroSchema schema,
      TrevniWriterOptions options) {
    return new TrevniWriter(out, schema, AvroTypes.rowType(schema), options);
  }

  /**
   * A writer of rows of {@code rowType}, stored as records of {@code AvroTypes.fromType}. The
   * batches keep {@code rowType} (tinyint and smallint columns are stored as Avro ints).
   */
  public static TrevniWriter create(OutputFile out, Type rowType, TrevniWriterOptions options) {
    if (rowType.kind() != TypeKind.STRUCT) {
      // a file of bare values: the top-level schema is the nullable value itself
      AvroSchema wrapped = AvroTypes.fromType(Type.struct(List.of("value"), List.of(rowType)));
      return new TrevniWriter(out, wrapped.fields().get(0).schema(), rowType, options);
    }
    return new TrevniWriter(out, AvroTypes.fromType(rowType), rowType, options);
  }

  @Override
  public String formatName() {
    return TrevniFormat.NAME;
  }

  @Override
  public Type schema() {
    return type;
  }

  /** The Avro schema the records are written with. */
  public AvroSchema avroSchema() {
    return avroSchema;
  }

  @Override
  public void write(ColumnBatch batch) throws IOException {
    if (done) {
      throw new IllegalStateException("the writer is closed");
    }
    // nullability aside: a NULL where the writer's schema has none is refused at that value
    if (!batch.schema().allNullable().equals(type.allNullable())) {
      throw new IllegalArgumentException("the batch's schema " + batch.schema()
          + " is not the writer's " + type);
    }
    try {
      rows.write(batch);
    } catch (RuntimeException e) {
      abort();
      throw e;
    }
  }

  @Override
  public long numberOfRows() {
    return file.rowCount();
  }

  @Override
  public void addUserMetadata(String key, byte[] value) {
    file.setMetadata(key, value);
  }

  /** The column-level writer beneath, e.g. for its {@link TrevniFileWriter#estimatedSize()}. */
  public TrevniFileWriter fileWriter() {
    return file;
  }

  @Override
  public void close() throws IOException {
    if (done) {
      return;
    }
    done = true;
    file.close();
  }

  @Override
  public void abort() {
    done = true;
    file.abort();
  }
}
