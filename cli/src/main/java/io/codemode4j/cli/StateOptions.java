package io.codemode4j.cli;

import io.codemode4j.warehouse.pack.PackContext;
import java.nio.file.Path;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Where the tool packs that write keep their state ({@code billing.flagInvoice}'s flags): the
 * commands whose programs may call them share this option.
 */
final class StateOptions {

  @Option(
      names = "--state",
      paramLabel = "DIR|URL",
      description =
          "Where the tool packs keep what they write (e.g. the billing pack's flags): a directory"
              + " for the embedded store (created on first use; default: the cache directory's"
              + " state/), or a JDBC URL of a shared database.")
  @Nullable String state;

  @Spec(Spec.Target.MIXEE)
  @Nullable CommandSpec spec;

  /**
   * Where packs that write keep their state; nothing is opened until a program writes. A URL of a
   * database in memory is a usage error.
   */
  PackContext context() {
    if (state != null && state.startsWith("jdbc:")) {
      try {
        return new PackContext(new PackContext.State.Database(state));
      } catch (IllegalArgumentException e) {
        throw CodemodeCli.usage(Objects.requireNonNull(spec, "spec"), "--state: " + e.getMessage());
      }
    }
    return new PackContext(
        new PackContext.State.Directory(
            state != null ? Path.of(state) : DataOptions.cacheRoot().resolve("state")));
  }
}
