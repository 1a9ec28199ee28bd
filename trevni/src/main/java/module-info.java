/** Apache Trevni: {@link io.colfile.trevni.TrevniReader}, {@link io.colfile.trevni.TrevniWriter}
 *  and the Avro record layer. */
module io.colfile.trevni {
  requires transitive io.colfile.core;
  requires org.apache.commons.compress;
  requires com.fasterxml.jackson.core;

  exports io.colfile.trevni;
  exports io.colfile.trevni.avro;

  provides io.colfile.core.FormatProvider with io.colfile.trevni.TrevniFormat;
}
