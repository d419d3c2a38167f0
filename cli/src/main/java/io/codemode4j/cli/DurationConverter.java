package io.codemode4j.cli;

import io.codemode4j.bridge.Durations;
import java.time.Duration;
import picocli.CommandLine;

/** Reads durations written {@code 500ms}, {@code 5s}, {@code 2m}. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    try {
      return Durations.parse(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}
