package io.codemode4j.cli;

import io.codemode4j.warehouse.billing.FlagStore;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * Where {@code billing.flagInvoice} writes: the commands whose programs may call it share this
 * option.
 */
final class StateOptions {

  @Option(
      names = "--state",
      paramLabel = "DIR|URL",
      description =
          "Where invoice flags are kept: a directory for the embedded store (created on first use;"
              + " default: the cache directory's state/), or a JDBC URL of a shared database.")
  @Nullable String state;

  /** The flag store {@code --state} names; nothing is opened until a program flags or lists. */
  FlagStore openFlags() {
    if (state != null && state.startsWith("jdbc:")) {
      return FlagStore.jdbc(state);
    }
    return FlagStore.embedded(
        state != null ? Path.of(state) : DataOptions.cacheRoot().resolve("state"));
  }
}
