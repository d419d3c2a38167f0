/**
 * Charts of results: {@link io.codemode4j.charts.Chart}, a Vega-Lite spec over a result's rows,
 * checked (the Vega-Lite JSON Schema, bounds, nothing that loads or evaluates), proposed from the
 * rows' shape when a program gives none, and drawn by a self-contained HTML page that needs no
 * network.
 */
@NullMarked
package io.codemode4j.charts;

import org.jspecify.annotations.NullMarked;
