package io.colfile.orc;

import static org.assertj.core.api.Assertions.assertThat;

import io.colfile.orc.proto.OrcProto;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No protobuf type in the orc module's API: every public class of the packages module-info
 * exports to everyone, its public and protected nested classes, and their public and protected
 * fields, constructors and methods (parameters, results, exceptions, type parameters) and
 * supertypes, must not mention {@code OrcProto} or a protobuf package. Only {@code
 * io.colfile.orc.proto}, exported to protobuf alone, touches protobuf's messages.
 */
class NoProtobufInApiTest {
  private static final Pattern FORBIDDEN = Pattern.compile("OrcProto|\\bprotobuf\\b");

  @Test
  void exportedPackagesNameNoProtobufType() throws Exception {
    List<String> packages = exportedPackages();
    assertThat(packages).contains("io.colfile.orc", "io.colfile.orc.bloom",
        "io.colfile.orc.index", "io.colfile.orc.stats", "io.colfile.orc.stripe")
        .doesNotContain("io.colfile.orc.proto");
    List<String> violations = new ArrayList<>();
    int classes = 0;
    for (String pkg : packages) {
      for (Class<?> c : classesOf(pkg)) {
        if (Modifier.isPublic(c.getModifiers()) && c.getEnclosingClass() == null) {
          classes += check(c, violations);
        }
      }
    }
    assertThat(classes).as("public classes checked").isGreaterThan(30);
    assertThat(violations).as("public signatures naming protobuf types").isEmpty();
  }

  /** The check finds what it looks for: the generated messages name protobuf everywhere. */
  @Test
  void theCheckFindsProtobufTypes() {
    List<String> violations = new ArrayList<>();
    check(OrcProto.PostScript.class, violations);
    assertThat(violations).anyMatch(v -> v.contains("com.google.protobuf"))
        .anyMatch(v -> v.contains("OrcProto"));
  }

  /** Checks {@code c} and its visible nested classes; returns how many classes it checked. */
  private static int check(Class<?> c, List<String> violations) {
    int checked = 1;
    String where = c.getName();
    check(where + " extends", c.getGenericSuperclass(), violations);
    for (Type t : c.getGenericInterfaces()) {
      check(where + " implements", t, violations);
    }
    checkTypeParameters(where, c.getTypeParameters(), violations);
    for (Field f : c.getDeclaredFields()) {
      if (visible(f.getModifiers())) {
        check(where + "." + f.getName(), f.getGenericType(), violations);
      }
    }
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (visible(k.getModifiers())) {
        checkExecutable(where + ".<init>", k, violations);
      }
    }
    for (Method m : c.getDeclaredMethods()) {
      if (visible(m.getModifiers()) && !m.isSynthetic()) {
        checkExecutable(where + "." + m.getName(), m, violations);
        check(where + "." + m.getName() + " returns", m.getGenericReturnType(), violations);
      }
    }
    for (Class<?> nested : c.getDeclaredClasses()) {
      if (visible(nested.getModifiers())) {
        checked += check(nested, violations);
      }
    }
    return checked;
  }

  private static void checkExecutable(String where, Executable e, List<String> violations) {
    for (Type t : e.getGenericParameterTypes()) {
      check(where + " parameter", t, violations);
    }
    for (Type t : e.getGenericExceptionTypes()) {
      check(where + " throws", t, violations);
    }
    checkTypeParameters(where, e.getTypeParameters(), violations);
  }

  private static void checkTypeParameters(String where, TypeVariable<?>[] variables,
      List<String> violations) {
    for (TypeVariable<?> v : variables) {
      for (Type bound : v.getBounds()) {
        check(where + " <" + v.getName() + ">", bound, violations);
      }
    }
  }

  private static void check(String where, Type t, List<String> violations) {
    if (t != null && FORBIDDEN.matcher(t.getTypeName()).find()) {
      violations.add(where + ": " + t.getTypeName());
    }
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  /** The packages module-info exports to every module (not those exported to some only). */
  private static List<String> exportedPackages() throws IOException {
    String info = Files.readString(Path.of("src/main/java/module-info.java"));
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^\\s*exports\\s+([\\w.]+)\\s*;").matcher(info);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** Every class (nested ones included) compiled into {@code pkg}. */
  private static List<Class<?>> classesOf(String pkg)
      throws IOException, URISyntaxException, ClassNotFoundException {
    // the main classes' directory (the tests put classes of the same packages elsewhere)
    URL url = OrcReader.class.getProtectionDomain().getCodeSource().getLocation();
    assertThat(url.getProtocol()).as("%s is read from the compiled classes", pkg)
        .isEqualTo("file");
    Path dir = Path.of(url.toURI()).resolve(pkg.replace('.', '/'));
    assertThat(dir).as(pkg).isDirectory();
    List<Class<?>> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.sorted().toList()) {
        String name = p.getFileName().toString();
        if (name.endsWith(".class") && !name.contains("$") && !name.equals("package-info.class")) {
          out.add(Class.forName(pkg + "." + name.substring(0, name.length() - 6), false,
              OrcReader.class.getClassLoader()));
        }
      }
    }
    return out;
  }
}
