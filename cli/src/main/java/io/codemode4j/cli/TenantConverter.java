package io.codemode4j.cli;

import io.codemode4j.sql.Tenant;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import picocli.CommandLine;

/** Reads {@code --tenant emea,apac}; a malformed region is a usage error naming the rule. */
final class TenantConverter implements CommandLine.ITypeConverter<Tenant> {
  @Override
  public Tenant convert(String value) {
    Set<String> regions = new LinkedHashSet<>();
    Arrays.stream(value.split(","))
        .map(String::strip)
        .filter(s -> !s.isEmpty())
        .forEach(regions::add);
    try {
      return new Tenant(regions);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(
          "invalid --tenant '" + value + "': " + e.getMessage());
    }
  }
}
