/**
 * Spring Boot auto-configuration of Code Mode: a {@link io.codemode4j.warehouse.Warehouse} from the
 * application's {@code DataSource} or {@code codemode.warehouse.*}, a {@link
 * io.codemode4j.bridge.CodeMode} with {@code codemode.*} limits, and Spring AI {@code
 * ToolCallback}s for {@code run_javascript} and {@code discover_tools}. Every bean backs off when
 * the application defines its own.
 */
@NullMarked
package io.codemode4j.spring;

import org.jspecify.annotations.NullMarked;
