package io.codemode4j.cli;

import io.codemode4j.bridge.CodeMode;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * {@code --plan-key FILE}: the key that signs a plan ({@code codemode run --plan}) and checks it
 * when it is applied ({@code codemode apply}), which run as two processes, so the key lives in a
 * file.
 *
 * <p>Decided: by default {@code $XDG_CONFIG_HOME/codemode/plan.key} (else {@code
 * ~/.config/codemode/plan.key}), 32 random bytes created on the first plan with owner-only
 * permissions (0600, its directory 0700); a key file that others may read is refused, since whoever
 * reads it can sign a plan. Beside it, {@code applied/} records each plan applied with it, so that
 * applying one again says so.
 */
final class PlanKeyOption {

  /** The key's length: HMAC-SHA256's block of security, the least the library accepts. */
  static final int KEY_BYTES = 32;

  /** A plan id as {@code CodeMode.plan} makes it; the name of its applied record. */
  private static final Pattern PLAN_ID = Pattern.compile("plan-[0-9a-f-]{36}");

  @Option(
      names = "--plan-key",
      paramLabel = "FILE",
      description =
          "The key file that signs plans (run --plan) and checks them (apply); default:"
              + " $XDG_CONFIG_HOME/codemode/plan.key, else ~/.config/codemode/plan.key, created"
              + " with owner-only permissions on the first plan.")
  @Nullable Path planKey;

  /** {@code builder} signing plans with {@code key}; with none, the builder's own random key. */
  static CodeMode.Builder install(CodeMode.Builder builder, byte @Nullable [] key) {
    return key == null ? builder : builder.planKey(key);
  }

  /** The key file given, or the default under {@code environment}'s config directory. */
  Path file(Map<String, String> environment) {
    if (planKey != null) {
      return planKey;
    }
    String xdg = environment.get("XDG_CONFIG_HOME");
    Path config =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".config");
    return config.resolve("codemode").resolve("plan.key");
  }

  /**
   * The key in {@code file}, made there first when {@code create} and it is absent.
   *
   * @throws IllegalArgumentException saying what is wrong with the file and the fix
   */
  static byte[] read(Path file, boolean create) throws IOException {
    if (create && !Files.exists(file)) {
      byte[] key = new byte[KEY_BYTES];
      new SecureRandom().nextBytes(key);
      try {
        write(file, key);
        return key;
      } catch (FileAlreadyExistsException e) {
        // Another process made it first: read theirs.
      }
    }
    if (posix()) {
      Set<PosixFilePermission> permissions;
      try {
        permissions = Files.getPosixFilePermissions(file);
      } catch (NoSuchFileException e) {
        throw new IllegalArgumentException(
            "no plan key at "
                + file
                + ": plans are signed with the key `codemode run --plan` made there, so apply on"
                + " the machine and account that planned, or give its key with --plan-key");
      }
      if (permissions.stream()
          .anyMatch(
              p -> !p.name().startsWith("OWNER_") || p == PosixFilePermission.OWNER_EXECUTE)) {
        throw new IllegalArgumentException(
            "the plan key "
                + file
                + " may be read or changed by others ("
                + PosixFilePermissions.toString(permissions)
                + "), who could then sign plans: chmod 600 it");
      }
    }
    byte[] key;
    try {
      key = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(
          "no plan key at " + file + ": give the key that signed the plan with --plan-key");
    }
    if (key.length < KEY_BYTES) {
      throw new IllegalArgumentException(
          "the plan key "
              + file
              + " has "
              + key.length
              + " bytes, fewer than "
              + KEY_BYTES
              + ": remove it and plan again to make a new one");
    }
    return key;
  }

  private static void write(Path file, byte[] key) throws IOException {
    Path dir = dir(file);
    if (posix()) {
      if (!Files.isDirectory(dir)) {
        Files.createDirectories(
            dir,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      }
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } else {
      Files.createDirectories(dir);
      Files.createFile(file);
    }
    Files.write(file, key, StandardOpenOption.TRUNCATE_EXISTING);
  }

  /**
   * Claims {@code planId} as applied with the key {@code file}: true the first time, false when it
   * was claimed before (applied, or being applied by another process).
   */
  static boolean claim(Path file, String planId) throws IOException {
    Path record = record(file, planId);
    Files.createDirectories(record.getParent());
    try {
      Files.createFile(record);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }

  /** Whether {@code planId} was applied (or is being applied) with the key {@code file}. */
  static boolean applied(Path file, String planId) {
    return Files.exists(record(file, planId));
  }

  /** Gives {@code planId} back, so that a plan that stopped or was refused may be applied again. */
  static void release(Path file, String planId) throws IOException {
    Files.deleteIfExists(record(file, planId));
  }

  private static Path record(Path file, String planId) {
    if (!PLAN_ID.matcher(planId).matches()) {
      throw new IllegalArgumentException(
          "the plan's id '"
              + planId
              + "' is not one codemode run --plan makes (plan- and a UUID): the file was changed;"
              + " plan again");
    }
    return dir(file).resolve("applied").resolve(planId);
  }

  /** The directory of {@code file}, which an absolute path always has. */
  private static Path dir(Path file) {
    return java.util.Objects.requireNonNull(
        file.toAbsolutePath().getParent(), "a key file's directory");
  }

  private static boolean posix() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  }
}
