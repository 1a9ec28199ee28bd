package io.colfile.cli;

import java.time.DateTimeException;
import java.time.ZoneId;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --timezone}: a region ({@code America/Los_Angeles}) or an offset ({@code +02:00}). */
final class ZoneConverter implements ITypeConverter<ZoneId> {
  @Override
  public ZoneId convert(String value) {
    try {
      return ZoneId.of(value);
    } catch (DateTimeException e) {
      throw new TypeConversionException("unknown time zone '" + value + "'");
    }
  }
}
