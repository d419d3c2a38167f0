package io.codemode4j.bridge.audit;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bug's two faces: the whole exception in the host's log under a short reference, and one
 * sentence for whoever asked (a model, an MCP client, a CLI user) that names the reference and none
 * of the host's classes, methods or frames.
 *
 * <p>Decided: an exception's own text is the host's business: a {@code NullPointerException}'s
 * helpful message quotes our method names, a Jackson error its reference chain, and either would
 * tell a client what runs inside and cost a model tokens it cannot act on. The reference joins the
 * two faces for whoever reads the log.
 */
public final class InternalFailure {

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.internal");
  private static final SecureRandom REFERENCES = new SecureRandom();

  /**
   * Java in a text: a qualified name of a JVM library, an exception type, a nested class, a frame.
   */
  private static final Pattern JAVA =
      Pattern.compile(
          "\\b(?:java|javax|jakarta|sun|jdk|tools\\.jackson|com\\.fasterxml|io\\.modelcontextprotocol"
              + "|reactor|org\\.eclipse|org\\.slf4j|org\\.graalvm|com\\.oracle|io\\.codemode4j"
              + "|dev\\.langchain4j|picocli)\\.[\\w$]+"
              // JavaScript's own error names are a program's words, not ours.
              + "|\\b(?!(?:Type|Range|Syntax|Reference|Eval|URI|Aggregate|Internal)Error\\b)"
              + "[A-Z]\\w*(?:Exception|Error)\\b"
              + "|\\w\\$[A-Z]|\\bat \\[|\\(\\w+\\.java:\\d+\\)");

  private InternalFailure() {}

  /** A new reference: eight hex digits, enough to find one line in a day's log. */
  public static String reference() {
    byte[] bytes = new byte[4];
    REFERENCES.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /**
   * Logs {@code e} at ERROR under a new reference and returns the sentence for the client: {@code
   * internal error in codemode4j<where> (a bug; the host's log has it as <reference>)}.
   *
   * @param where what was being done, e.g. {@code " while shaping the egress"}, or empty
   */
  public static String report(String where, Throwable e) {
    String reference = reference();
    LOG.error("internal error {}{}", reference, LogText.of(where), LogText.of(e));
    return "internal error in codemode4j"
        + where
        + " (a bug; the host's log has it as "
        + reference
        + ")";
  }

  /** Whether {@code text} reads as Java: a class name, an exception type, a stack frame. */
  public static boolean readsAsJava(String text) {
    return JAVA.matcher(text).find();
  }
}
