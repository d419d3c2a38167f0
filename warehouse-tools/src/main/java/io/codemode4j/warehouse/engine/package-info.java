/**
 * Engines as plug-ins: a {@link WarehouseEngine} serves the warehouses of one database engine
 * (found through {@link java.util.ServiceLoader} by the JDBC URL, {@link WarehouseEngines}), and
 * {@link DescribedWarehouses} opens a {@linkplain
 * io.codemode4j.warehouse.config.WarehouseDescription description} on whichever engine serves it,
 * checked against the database.
 */
@NullMarked
package io.codemode4j.warehouse.engine;

import org.jspecify.annotations.NullMarked;
