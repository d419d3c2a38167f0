package io.codemode4j.cli;

import io.codemode4j.bridge.audit.InternalFailure;
import io.codemode4j.bridge.audit.OwnerOnly;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the CLI says of a bug: one {@code error:} sentence that names no class of ours, and the
 * whole exception in a file only its owner may read, for the report.
 *
 * <p>Decided: an exception without a message, of a type only a programming mistake throws (a {@code
 * NullPointerException}, an {@code Error}), or whose message reads as Java is a bug: its text would
 * tell the user our internals and nothing they can act on. The file lives in the temporary
 * directory ({@code java.io.tmpdir}), named by the same reference the sentence gives.
 */
final class CrashReport {

  private CrashReport() {}

  /** Whether {@code e} is a bug rather than an error a command reports in its own words. */
  static boolean isBug(Throwable e) {
    String message = e.getMessage();
    if (message == null || message.isBlank() || InternalFailure.readsAsJava(message)) {
      return true;
    }
    return e instanceof Error
        || e instanceof NullPointerException
        || e instanceof ClassCastException
        || e instanceof IndexOutOfBoundsException
        || e instanceof ArithmeticException
        || e instanceof ArrayStoreException
        || e instanceof java.util.NoSuchElementException
        || e instanceof java.util.ConcurrentModificationException;
  }

  /** Writes {@code e} to a report file and returns the sentence that points to it. */
  static String write(Throwable e) {
    String reference = InternalFailure.reference();
    Path file =
        Path.of(System.getProperty("java.io.tmpdir"), "codemode-crash-" + reference + ".txt");
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    try {
      OwnerOnly.file(file);
      Files.writeString(file, trace.toString(), StandardCharsets.UTF_8);
    } catch (IOException notWritten) {
      return "internal error in codemode (a bug, reference "
          + reference
          + "): please report it with the command you ran; its details could not be written to "
          + file;
    }
    return "internal error in codemode (a bug): please report it with the command you ran and "
        + file
        + ", which holds the details";
  }
}
