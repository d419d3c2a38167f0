package io.codemode4j.charts;

import java.util.Objects;

/**
 * A chart that was refused, with why ({@link #reason()}) and a message that names the part of the
 * spec, the numbers and the fix.
 */
public final class ChartException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** Why a chart was refused. */
  public enum Reason {
    /** The spec is not valid Vega-Lite (the JSON Schema of the bundled Vega-Lite says what). */
    NOT_VEGA_LITE,
    /** The spec, the rows or a dimension is larger than a chart may be. */
    TOO_LARGE,
    /** More rows than a chart may draw. */
    TOO_MANY_ROWS,
    /** The spec or a row nests deeper than a chart may. */
    TOO_DEEP,
    /** The spec would load something: a URL, an image, a link. */
    EXTERNAL_LOAD,
    /** The spec carries an expression or a parameter (code the renderer would evaluate). */
    EXPRESSION,
    /** The spec carries data of its own instead of drawing the result's rows. */
    DATA_IN_SPEC,
    /** There are no rows to draw, or they are not a list of objects. */
    NO_ROWS
  }

  private final Reason reason;

  ChartException(Reason reason, String message) {
    super("chart refused (" + Objects.requireNonNull(reason, "reason") + "): " + message);
    this.reason = reason;
  }

  ChartException(Reason reason, String message, Throwable cause) {
    super("chart refused (" + Objects.requireNonNull(reason, "reason") + "): " + message, cause);
    this.reason = reason;
  }

  /** Why the chart was refused. */
  public Reason reason() {
    return reason;
  }
}
