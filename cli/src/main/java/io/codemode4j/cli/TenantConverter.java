package io.codemode4j.cli;

import io.codemode4j.sql.Tenant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Reads one tenant key value of {@code --tenant emea,apac}: picocli splits the value at commas
 * ({@code split = ","}, so {@code --tenant emea --tenant apac} says the same), and a malformed
 * value is a usage error naming the rule.
 */
final class TenantConverter implements CommandLine.ITypeConverter<String> {

  @Override
  public String convert(String value) {
    String region = value.strip();
    try {
      new Tenant(Set.of(region));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(
          "invalid --tenant value '" + value + "': " + e.getMessage());
    }
    return region;
  }

  /**
   * The tenant of the regions {@code --tenant} gave, or null when it was not given. Picocli's split
   * drops empty parts, so {@code --tenant ,} arrives as no region: refused here, never read as no
   * tenant (which would see every region).
   */
  static @Nullable Tenant tenant(CommandSpec spec, @Nullable List<String> regions) {
    if (regions != null && !regions.isEmpty()) {
      return new Tenant(new LinkedHashSet<>(regions));
    }
    OptionSpec given = spec.commandLine().getParseResult().matchedOption("--tenant");
    if (given != null) {
      throw CodemodeCli.usage(
          spec,
          "invalid --tenant '"
              + String.join(",", given.originalStringValues())
              + "': give at least one tenant key value, e.g. --tenant emea or --tenant emea,apac");
    }
    return null;
  }
}
