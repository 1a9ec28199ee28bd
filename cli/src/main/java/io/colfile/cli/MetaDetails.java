package io.colfile.cli;

import io.colfile.core.FileReader;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The extension point of {@code colfile meta} for what only one format knows. The command prints
 * the format-neutral facts itself ({@code format}, {@code schema}, {@code rows}); a format adds
 * its own (ORC: file and writer version, compression and block size, stripes, column
 * statistics, user metadata) by implementing this and being listed in {@link #INSTALLED}.
 *
 * <p>Details are an ordered tree of {@code Map<String, ?>}, {@code List<?>}, strings, numbers,
 * booleans and nulls, printed as indented text or, with {@code --json}, as JSON. Keys already
 * present (format, schema, rows) keep their place and take the format's value.
 */
interface MetaDetails {
  /**
   * Every format's details, tried in order; the first that {@link #appliesTo} the reader is
   * used. ORC's (e.g. a class wrapping {@code OrcReader.describe()}) goes here.
   */
  List<MetaDetails> INSTALLED = List.of();

  /** Whether this knows the reader's format (typically an {@code instanceof} check). */
  boolean appliesTo(FileReader reader);

  /** The details, in the order they should print. */
  Map<String, Object> describe(FileReader reader) throws IOException;
}
