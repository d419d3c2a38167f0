/** The deterministic generator of the billing sample's data and the bundled parquet files. */
@NullMarked
package io.codemode4j.sample;

import org.jspecify.annotations.NullMarked;
