/**
 * MariaDB as a warehouse engine, a plug-in found by {@code ServiceLoader}: the engine ({@link
 * io.codemode4j.engine.mariadb.MariaDbEngine}: pool, typing, catalog, a database per tenant), its
 * dialect ({@link io.codemode4j.engine.mariadb.MariaDbSql}: features, functions, casts, checks,
 * rewrites and advice, rendered by {@link io.codemode4j.engine.mariadb.MariaDbSqlDialect}), the
 * lockdown MariaDB enforces by itself ({@link io.codemode4j.engine.mariadb.MariaDbLockdown}: a
 * reader with SELECT on the listed tables alone, a database of definer views per tenant). No class
 * here names a warehouse's tables: the billing sample's loader is {@code BillingMariaDb} in the
 * billing module.
 */
@NullMarked
package io.codemode4j.engine.mariadb;

import org.jspecify.annotations.NullMarked;
