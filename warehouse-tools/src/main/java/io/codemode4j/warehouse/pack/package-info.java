/**
 * Tool packs: typed tools of a domain (the billing sample's {@code billing.*}) that a description
 * installs beside {@code warehouse.query} and {@code warehouse.tables} by name ({@code packs:
 * [billing]}), found through {@link java.util.ServiceLoader}.
 */
@NullMarked
package io.codemode4j.warehouse.pack;

import org.jspecify.annotations.NullMarked;
