package io.colfile.core;

import io.colfile.core.types.Type;
import java.io.Closeable;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An open column file of any format: its schema, and batches of its rows.
 *
 * <p>Thread safety: a {@code FileReader} may be shared; any number of threads may call {@link
 * #read} (and the other methods) at once, each read getting a {@link BatchReader} of its own over
 * the same open file (tested by eight threads with random projections and predicates for every
 * format). A {@code BatchReader}, like the batches it fills, is used by one thread at a time.
 * Closing the {@code FileReader} while its readers are still reading is not supported.
 */
public interface FileReader extends Closeable {
  /** The format's name, e.g. {@code ORC}. */
  String formatName();

  /** The file's schema. */
  Type schema();

  /** Number of rows in the file. */
  long numberOfRows();

  /**
   * What the file says about itself, as an ordered tree of maps, lists, strings, numbers and
   * booleans for tools such as {@code colfile meta}. Formats add their own structure (stripes,
   * blocks, statistics) after the common keys {@code format}, {@code schema} and {@code rows}.
   */
  default Map<String, Object> describe() throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("format", formatName());
    out.put("schema", schema().toString());
    out.put("rows", numberOfRows());
    return out;
  }

  /**
   * Every byte of the file and the structure it belongs to, in order ({@code colfile layout},
   * {@code colfile sizes}). Formats that cannot account for their bytes refuse.
   */
  default io.colfile.core.layout.FileLayout layout() throws IOException {
    throw new io.colfile.core.error.UnsupportedFeatureException(
        "colfile cannot show the layout of " + formatName() + " files");
  }

  /** Reads the rows (or the projected columns of them) in batches. */
  BatchReader read(ReadOptions options) throws IOException;
}
