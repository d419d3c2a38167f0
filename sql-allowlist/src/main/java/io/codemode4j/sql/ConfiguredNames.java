package io.codemode4j.sql;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Names given in configuration (tables, tenant columns, catalog) are plain lowercase identifiers: they
 * compare with normalised query identifiers by equality and need no quoting rules of their own.
 */
final class ConfiguredNames {

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private ConfiguredNames() {
    }

    static String requireIdentifier(String name, String what) {
        Objects.requireNonNull(name, what);
        if (!IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    what + " '" + name + "' is not valid: use a lowercase identifier [a-z_][a-z0-9_]*");
        }
        return name;
    }
}
