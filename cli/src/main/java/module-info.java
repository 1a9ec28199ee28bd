/** The {@code colfile} command. Shipped as one jar on the class path; this names its needs. */
module io.colfile.cli {
  requires io.colfile.orc;
  requires io.colfile.trevni;
  requires io.colfile.kudu;
  requires io.colfile.text;
  requires info.picocli;
  requires com.fasterxml.jackson.core;

  // picocli reads and sets the annotated fields of the commands
  opens io.colfile.cli to info.picocli;

  uses io.colfile.core.FormatProvider;
}
