/** Mapping between colfile's types and Spark SQL's (internal to colfile-spark). */
package io.colfile.spark.types;
