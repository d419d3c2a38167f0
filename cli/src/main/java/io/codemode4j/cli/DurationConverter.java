package io.codemode4j.cli;

import io.codemode4j.bridge.Durations;
import java.time.Duration;
import picocli.CommandLine;

/**
 * Reads durations written {@code 500ms}, {@code 5s}, {@code 2m}. Every duration option is a time
 * limit, so zero is refused here, as a usage error naming the flag, rather than by the component
 * the limit is given to (whose message named its own field and {@code PT0S}).
 */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    Duration duration;
    try {
      duration = Durations.parse(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
    if (duration.isZero()) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is no time at all: give a limit above zero, e.g. 500ms, 5s, 2m or 1h");
    }
    return duration;
  }
}
