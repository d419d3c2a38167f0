/**
 * The warehouse description file: what a front end serves (the connection, the tables a program may
 * read with what they mean and how each is keyed by tenant, the tenancy, the limits, the tool
 * packs), read from YAML or JSON ({@link WarehouseDescriptions}), checked against the file's JSON
 * Schema and, once opened, against the database itself.
 */
@NullMarked
package io.codemode4j.warehouse.config;

import org.jspecify.annotations.NullMarked;
