package io.colfile.trevni.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.colfile.testkit.TestSeed;
import io.colfile.trevni.avro.AvroSchema.Field;
import io.colfile.trevni.avro.AvroSchema.Kind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * colfile's Avro schema model against Avro 1.12's own: what each accepts, and the text each
 * prints, for hand-picked cases and random ones ({@code -Dtests.seed=<hex>} repeats a run).
 */
@ExtendWith(TestSeed.class)
class AvroSchemaTest {
  private static final long SEED = TestSeed.caseSeed("AvroSchemaTest", 0);

  /** Avro's text for {@code json}, or null if Avro refuses it. */
  private static String avro(String json) {
    try {
      return new Schema.Parser().parse(json).toString();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Asserts that Avro accepts {@code json} and that colfile prints what Avro prints. */
  private static AvroSchema sameAsAvro(String json) {
    String expected = avro(json);
    assertThat(expected).as("Avro accepts %s", json).isNotNull();
    AvroSchema s = AvroSchema.parse(json);
    assertThat(s.toString()).as("printed %s", json).isEqualTo(expected);
    return s;
  }

  private static void refused(String json, String... messageParts) {
    assertThat(avro(json)).as("Avro refuses %s", json).isNull();
    assertThat(catchThrowable(() -> AvroSchema.parse(json))).as(json)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContainingAll(messageParts);
  }

  private static String q(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }

  @Test
  void primitivesAsNamesOrObjects() {
    for (Kind k : List.of(Kind.NULL, Kind.BOOLEAN, Kind.INT, Kind.LONG, Kind.FLOAT, Kind.DOUBLE,
        Kind.BYTES, Kind.STRING)) {
      String name = k.name().toLowerCase();
      AvroSchema s = sameAsAvro("\"" + name + "\"");
      assertThat(s.kind()).isEqualTo(k);
      assertThat(s.name()).isEqualTo(name);
      assertThat(s.fullName()).isEqualTo(name);
      assertThat(s.namespace()).isNull();
      assertThat(sameAsAvro("{\"type\":\"" + name + "\"}")).isEqualTo(s);
      assertThat(AvroSchema.primitive(k)).isEqualTo(s).hasSameHashCodeAs(s);
    }
    // doc, name and aliases mean nothing on a primitive and are dropped
    AvroSchema date = sameAsAvro(q("{'type':'int','logicalType':'date','doc':'d','name':'n',"
        + "'aliases':['x'],'x':1}"));
    assertThat(date.toString()).isEqualTo(q("{'type':'int','logicalType':'date','x':1}"));
    assertThat(date.logicalType()).isEqualTo("date");
    assertThat(date.props()).containsExactly(Map.entry("logicalType", "date"),
        Map.entry("x", 1L));
    assertThat(date.doc()).isNull();
  }

  @Test
  void recordsKeepEveryPartOfAField() {
    AvroSchema s = sameAsAvro(q("{'type':'record','name':'R','doc':'a record','fields':["
        + "{'name':'a','type':'int','order':'DESCENDING','doc':'the a','default':7,"
        + "'aliases':['x','y','x'],'p':true},"
        + "{'aliases':['q'],'type':['null','string'],'name':'b','default':null,'order':'ignore'},"
        + "{'name':'c','type':'long','order':'ascending'}],'aliases':['S','S'],'extra':[1,{}]}"));
    assertThat(s.toString()).isEqualTo(q("{'type':'record','name':'R','doc':'a record',"
        + "'fields':[{'name':'a','type':'int','doc':'the a','default':7,'order':'descending',"
        + "'aliases':['x','y'],'p':true},{'name':'b','type':['null','string'],'default':null,"
        + "'order':'ignore','aliases':['q']},{'name':'c','type':'long'}],'extra':[1,{}],"
        + "'aliases':['S']}"));
    assertThat(s.kind()).isEqualTo(Kind.RECORD);
    assertThat(s.doc()).isEqualTo("a record");
    assertThat(s.aliases()).containsExactly("S");
    assertThat(s.prop("extra")).isEqualTo(List.of(1L, Map.of()));
    Field a = s.field("a");
    assertThat(a.schema()).isEqualTo(AvroSchema.primitive(Kind.INT));
    assertThat(a.doc()).isEqualTo("the a");
    assertThat(a.defaultValue()).contains(7L);
    assertThat(a.order()).isEqualTo("descending");
    assertThat(a.aliases()).containsExactly("x", "y");
    assertThat(a.props()).containsExactly(Map.entry("p", true));
    Field b = s.fields().get(1);
    assertThat(b.hasDefault()).isTrue();
    assertThat(b.defaultValue()).containsSame(AvroSchema.JSON_NULL);
    assertThat(b.order()).isEqualTo("ignore");
    Field c = s.field("c");
    assertThat(c.hasDefault()).isFalse();
    assertThat(c.defaultValue()).isEmpty();
    assertThat(c.order()).isNull();
    assertThat(s.field("d")).isNull();
    sameAsAvro(q("{'type':'error','name':'E','fields':[]}"));
  }

  @Test
  void namespacesAreInheritedAndPrintedWhereTheyChange() {
    AvroSchema s = sameAsAvro(q("{'type':'record','name':'A','namespace':'n.m','fields':["
        + "{'name':'b','type':{'type':'record','name':'B','fields':[]}},"
        + "{'name':'c','type':{'type':'enum','name':'x.C','namespace':'ignored','symbols':[]}},"
        + "{'name':'d','type':{'type':'fixed','name':'D','namespace':'','size':1}},"
        + "{'name':'e','type':{'type':'record','name':'E','namespace':'','fields':["
        + "  {'name':'f','type':{'type':'fixed','name':'F','size':2}},"
        + "  {'name':'g','type':{'type':'fixed','name':'G','namespace':'n.m','size':3}}]}},"
        + "{'name':'h','type':['B','x.C','D','E','F','n.m.G']}]}"));
    assertThat(s.toString()).isEqualTo(q("{'type':'record','name':'A','namespace':'n.m',"
        + "'fields':[{'name':'b','type':{'type':'record','name':'B','fields':[]}},"
        + "{'name':'c','type':{'type':'enum','name':'C','namespace':'x','symbols':[]}},"
        + "{'name':'d','type':{'type':'fixed','name':'D','namespace':'','size':1}},"
        + "{'name':'e','type':{'type':'record','name':'E','namespace':'','fields':["
        + "{'name':'f','type':{'type':'fixed','name':'F','size':2}},"
        + "{'name':'g','type':{'type':'fixed','name':'G','namespace':'n.m','size':3}}]}},"
        + "{'name':'h','type':['B','x.C','D','E','F','G']}]}"));
  }

  @Test
  void namedTypesAreFoundByShortOrFullName() {
    AvroSchema s = sameAsAvro(q("{'type':'record','name':'n.A','fields':["
        + "{'name':'b','type':{'type':'enum','name':'B','symbols':['X']}},"
        + "{'name':'c','type':'B'},{'name':'d','type':'n.B'},{'name':'e','type':{'type':'B'}},"
        + "{'name':'f','type':{'type':'record','name':'o.F','fields':[{'name':'g','type':'n.B'}]}},"
        + "{'name':'h','type':'o.F'}]}"));
    AvroSchema b = s.field("b").schema();
    assertThat(b.fullName()).isEqualTo("n.B");
    assertThat(s.field("c").schema()).isSameAs(b);
    assertThat(s.field("d").schema()).isSameAs(b);
    assertThat(s.field("e").schema()).isSameAs(b);
    assertThat(s.field("f").schema().field("g").schema()).isSameAs(b);
    assertThat(s.field("h").schema()).isSameAs(s.field("f").schema());
    // a simple name that is not in the current namespace is looked for without one
    sameAsAvro(q("{'type':'record','name':'A','fields':[{'name':'b','type':{'type':'fixed',"
        + "'name':'F','size':1}},{'name':'c','type':{'type':'record','name':'n.C','fields':["
        + "{'name':'d','type':'F'}]}}]}"));
    // a type named like a type keyword is printed by its full name
    sameAsAvro(q("{'type':'record','name':'A','namespace':'n','fields':[{'name':'a','type':"
        + "{'type':'record','name':'int','fields':[]}},{'name':'b','type':'n.int'},"
        + "{'name':'c','type':{'type':'fixed','name':'map','size':1}},"
        + "{'name':'d','type':'map'}]}"));
  }

  @Test
  void forwardReferencesAreResolvedByTheirFullName() {
    AvroSchema s = sameAsAvro(q("{'type':'record','name':'A','fields':[{'name':'b','type':"
        + "['null','B']},{'name':'c','type':{'type':'fixed','name':'B','size':4}}]}"));
    assertThat(s.toString()).isEqualTo(q("{'type':'record','name':'A','fields':[{'name':'b',"
        + "'type':['null',{'type':'fixed','name':'B','size':4}]},{'name':'c','type':'B'}]}"));
    assertThat(s.field("b").schema().branches().get(1)).isSameAs(s.field("c").schema());
    // the full name is fixed where the reference is met: ns.B is not B
    refused(q("{'type':'record','name':'A','namespace':'ns','fields':[{'name':'b','type':'B'},"
        + "{'name':'c','type':{'type':'fixed','name':'B','namespace':'','size':1}}]}"),
        "record ns.A field 'b'", "unknown type 'ns.B'");
    // defaults of forward references are checked against what they turn out to be
    refused(q("{'type':'record','name':'A','fields':[{'name':'b','type':'R','default':{}},"
        + "{'name':'c','type':{'type':'record','name':'R','fields':[{'name':'x','type':'int'}]}}"
        + "]}"), "record A field 'b'", "the default {} is not a valid R");
  }

  @Test
  void recursiveRecordsReferToThemselves() {
    AvroSchema list = sameAsAvro(q("{'type':'record','name':'L','fields':[{'name':'v','type':"
        + "'int'},{'name':'next','type':['null','L'],'default':null},"
        + "{'name':'all','type':{'type':'array','items':'L'},'default':[]}]}"));
    assertThat(list.isRecursive()).isTrue();
    assertThat(list.field("next").schema().branches().get(1)).isSameAs(list);
    assertThat(list.field("all").schema().elementType()).isSameAs(list);
    assertThat(list).isEqualTo(AvroSchema.parse(list.toString()));
    assertThat(list.hashCode()).isEqualTo(AvroSchema.parse(list.toString()).hashCode());
    AvroSchema mutual = sameAsAvro(q("{'type':'record','name':'A','fields':[{'name':'b',"
        + "'type':{'type':'record','name':'B','fields':[{'name':'a','type':['null','A']}]}}]}"));
    assertThat(mutual.isRecursive()).isTrue();
    assertThat(mutual.field("b").schema().isRecursive()).isTrue();
    assertThat(AvroSchema.parse(q("{'type':'record','name':'A','fields':[{'name':'b','type':"
        + "{'type':'record','name':'B','fields':[]}},{'name':'c','type':'B'}]}")).isRecursive())
        .isFalse();
    // Avro checks a default while its record (and those around it) have no fields yet
    refused(q("{'type':'record','name':'R','fields':[{'name':'f','type':['null','R'],"
        + "'default':{}}]}"), "record R field 'f'",
        "cannot be checked: Avro checks it before it knows the fields of record R");
  }

  @Test
  void enumsAndFixed() {
    AvroSchema e = sameAsAvro(q("{'type':'enum','name':'E','namespace':'n','doc':'d',"
        + "'symbols':['A','B','C'],'default':'B','aliases':['n.F','G','o.H'],'x':'y'}"));
    assertThat(e.toString()).isEqualTo(q("{'type':'enum','name':'E','namespace':'n','doc':'d',"
        + "'symbols':['A','B','C'],'default':'B','x':'y','aliases':['F','G','o.H']}"));
    assertThat(e.symbols()).containsExactly("A", "B", "C");
    assertThat(e.enumOrdinal("C")).isEqualTo(2);
    assertThat(e.enumOrdinal("D")).isEqualTo(-1);
    assertThat(e.enumDefault()).isEqualTo("B");
    assertThat(e.aliases()).containsExactly("n.F", "n.G", "o.H");
    // a default that is not a string is ignored
    assertThat(sameAsAvro(q("{'type':'enum','name':'E','symbols':['A'],'default':0}"))
        .enumDefault()).isNull();
    AvroSchema f = sameAsAvro(q("{'type':'fixed','name':'F','size':16,'logicalType':'decimal',"
        + "'precision':38,'scale':2}"));
    assertThat(f.fixedSize()).isEqualTo(16);
    assertThat(f.prop("precision")).isEqualTo(38L);
    assertThat(sameAsAvro(q("{'type':'fixed','name':'Z','size':0}")).fixedSize()).isZero();
  }

  @Test
  void arraysMapsAndUnions() {
    AvroSchema a = sameAsAvro(q("{'type':'array','items':{'type':'map','values':['null','long'"
        + ",{'type':'array','items':'string'}],'m':1},'a':{'b':[null]}}"));
    assertThat(a.name()).isEqualTo("array");
    assertThat(a.fullName()).isEqualTo("array");
    AvroSchema m = a.elementType();
    assertThat(m.kind()).isEqualTo(Kind.MAP);
    assertThat(m.elementType()).isNull();
    AvroSchema u = m.valueType();
    assertThat(u.name()).isEqualTo("union");
    assertThat(u.branches()).extracting(AvroSchema::kind)
        .containsExactly(Kind.NULL, Kind.LONG, Kind.ARRAY);
    assertThat(sameAsAvro("[]").branches()).isEmpty();
    sameAsAvro("[\"null\"]");
  }

  @Test
  void defaultsOfEveryJsonKindAreKeptAsJacksonReadsThem() {
    AvroSchema s = sameAsAvro(q("{'type':'record','name':'R','fields':["
        + "{'name':'n','type':'null','default':null},"
        + "{'name':'b','type':'boolean','default':false},"
        + "{'name':'i','type':'int','default':-0},"
        + "{'name':'l','type':'long','default':-9223372036854775808},"
        + "{'name':'big','type':'double','default':12345678901234567890123},"
        + "{'name':'d','type':'double','default':1E2},"
        + "{'name':'e','type':'float','default':1.5e-7},"
        + "{'name':'inf','type':'double','default':1e400},"
        + "{'name':'nan','type':'float','default':'NaN'},"
        + "{'name':'text','type':'float','default':' -2 '},"
        + "{'name':'s','type':'string','default':"
        + "'\\u00e9\\n\\t\\u0001\\\\\\'/\\u2028\\ud83d\\ude00'},"
        + "{'name':'by','type':'bytes','default':'\\u00ff'},"
        + "{'name':'a','type':{'type':'array','items':['null','int']},'default':[1,null]},"
        + "{'name':'m','type':{'type':'map','values':'double'},'default':{'x':1,'y':2.5}},"
        + "{'name':'r','type':{'type':'record','name':'S','fields':[{'name':'x','type':'int',"
        + "'default':1},{'name':'y','type':'string'}]},'default':{'y':'why','z':[]}},"
        + "{'name':'u','type':['string','int'],'default':3}]}"));
    Map<String, Object> d = new LinkedHashMap<>();
    s.fields().forEach(f -> d.put(f.name(), f.defaultValue().orElseThrow()));
    assertThat(d).containsEntry("n", AvroSchema.JSON_NULL).containsEntry("b", false)
        .containsEntry("i", 0L).containsEntry("l", Long.MIN_VALUE)
        .containsEntry("big", new BigInteger("12345678901234567890123"))
        .containsEntry("d", 100.0).containsEntry("e", 1.5e-7)
        .containsEntry("inf", Double.POSITIVE_INFINITY).containsEntry("nan", Double.NaN)
        .containsEntry("text", -2.0)
        .containsEntry("s", "é\n\t\u0001\\\"/\u2028\ud83d\ude00")
        .containsEntry("a", java.util.Arrays.asList(1L, AvroSchema.JSON_NULL))
        .containsEntry("m", Map.of("x", 1L, "y", 2.5))
        .containsEntry("r", Map.of("y", "why", "z", List.of())).containsEntry("u", 3L);
    assertThat(s.toString()).contains("\\t\\u0001\\\\\\\"/")
        .contains(q("'default':'Infinity'")).contains(q("'default':'NaN'"))
        .contains(q("'default':100.0")).contains(q("'default':1.5E-7"))
        .contains(q("'default':12345678901234567890123"));
  }

  @Test
  void commentsWhitespaceAndRepeatedKeysAsJacksonReadsThem() {
    assertThat(sameAsAvro(" /* a comment */ \"int\"\n\t").kind()).isEqualTo(Kind.INT);
    assertThat(sameAsAvro(q("{'type':'string', // line\n 'x':1,'y':2,'x':3}")).toString())
        .isEqualTo(q("{'type':'string','x':3,'y':2}"));
    refused("\"int\" /* after */", "text after the Avro schema");
    refused("\"int\" \"long\"", "text after the Avro schema");
    refused("{\"type\":", "not valid JSON");
    refused("", "empty");
  }

  @Test
  void identicalRedefinitionsAreAcceptedAndDifferentOnesRefused() {
    AvroSchema s = sameAsAvro(q("{'type':'record','name':'R','fields':[{'name':'a','type':"
        + "{'type':'fixed','name':'F','size':1,'doc':'first'}},{'name':'b','type':{'type':"
        + "'fixed','name':'F','size':1,'doc':'second'}}]}"));
    assertThat(s.field("b").schema()).isSameAs(s.field("a").schema());
    refused(q("{'type':'record','name':'R','fields':[{'name':'a','type':{'type':'fixed',"
        + "'name':'F','size':1}},{'name':'b','type':{'type':'fixed','name':'F','size':2}}]}"),
        "record R field 'b'", "F is defined twice, differently");
  }

  @Test
  void errorsSayWhatIsWrongAndWhere() {
    refused(q("{'type':'record','name':'Foo','fields':[{'name':'x','type':'strng'}]}"),
        "record Foo field 'x': unknown type 'strng'");
    refused(q("{'type':'record','name':'Foo','fields':[{'name':'x','type':'int'},"
        + "{'name':'x','type':'long'}]}"), "record Foo has two fields named 'x'");
    refused(q("{'type':'record','name':'a.Foo','fields':[{'name':'x','type':{'type':'enum',"
        + "'name':'Foo','symbols':[]}}]}"), "a.Foo is defined twice");
    refused(q("['int',['long']]"), "a union cannot contain a union directly");
    refused(q("['int','string','int']"), "a union cannot contain int twice");
    refused(q("[{'type':'array','items':'int'},{'type':'array','items':'long'}]"),
        "cannot contain array twice");
    refused(q("[{'type':'fixed','name':'F','size':1},'F']"), "cannot contain F twice");
    refused(q("{'type':'record','name':'1x','fields':[]}"), "name '1x' is not a valid Avro");
    refused(q("{'type':'record','name':'a-b','fields':[]}"), "'a-b'");
    refused(q("{'type':'record','name':'R','namespace':'a..b','fields':[]}"), "namespace 'a..b'");
    refused(q("{'type':'record','name':'R','fields':[{'name':'x y','type':'int'}]}"),
        "record R field 'x y'", "field name 'x y' is not a valid Avro name");
    refused(q("{'type':'enum','name':'E','symbols':['A','A']}"), "enum E has the symbol A twice");
    refused(q("{'type':'enum','name':'E','symbols':['']}"), "symbol of enum E '' is not");
    refused(q("{'type':'enum','name':'E','symbols':['A'],'default':'B'}"),
        "the default B is not one of its symbols");
    refused(q("{'type':'fixed','name':'F','size':-1}"), "fixed F: size -1 is not from 0");
    refused(q("{'type':'fixed','name':'F','size':1.5}"), "fixed F needs an integer \"size\"");
    refused(q("{'type':'record','name':'int','fields':[]}"), "cannot be called 'int'");
    refused(q("{'type':'record','name':'R','fields':[{'name':'a','type':'int','default':'x'}]}"),
        "record R field 'a': the default \"x\" is not a valid \"int\"");
    refused(q("{'type':'record','name':'R','fields':[{'name':'a','type':'int',"
        + "'default':2147483648}]}"),
        "the default 2147483648");
    refused(q("{'type':'record','name':'R','fields':[{'name':'a','type':'float','default':'x'}]}"),
        "the default 'x' is not a number");
    refused(q("{'type':'record','name':'R','fields':[{'name':'a','type':'int','order':'up'}]}"),
        "the order is ascending, descending or ignore, not \"up\"");
    refused(q("{'type':'record','name':'R','fields':[{'type':'int'}]}"), "a field without a name");
    refused(q("{'type':'record','name':'R','fields':[{'name':'a'}]}"), "field 'a': no \"type\"");
    refused(q("{'type':'record','name':'R'}"), "record R needs a \"fields\" array");
    refused(q("{'type':'record','fields':[]}"), "a record needs a \"name\"");
    refused(q("{'type':'array'}"), "an array needs \"items\"");
    refused(q("{'type':'map','values':'Nope'}"), "unknown type 'Nope'");
    refused(q("{'type':{'type':'int'}}"), "a schema object needs a \"type\" string");
    refused("5", "a schema is a type name, an object or an array");
    refused(q("{'type':'record','name':'R','aliases':['1'],'fields':[]}"), "alias '1'");
    refused(q("{'type':'record','name':'R','aliases':'A','fields':[]}"), "\"aliases\" must be");
  }

  @Test
  void unusualButValidSchemasPrintAsAvroDoes() {
    String[] cases = {
        "{'type':'record','name':'A','namespace':'x','aliases':['.q','x.p','y.z','p'],'fields':[]}",
        "{'type':'record','name':'A','fields':[{'name':'a','type':{'type':'A','ignored':1}}]}",
        "{'type':'record','name':'A','namespace':'','fields':[]}",
        "{'type':'record','name':'.A','fields':[]}",
        "{'type':'record','name':'Ä','fields':[{'name':'ö1','type':'int'}]}",
        "{'type':'record','name':'A','fields':[{'name':'a','type':'int','logicalType':'date'}]}",
        "{'type':'array','items':'int','logicalType':'date','doc':'dropped'}",
        "{'type':'record','name':'R','fields':[],'logicalType':'decimal','precision':3}",
        "{'type':'record','name':'A','fields':[{'name':'r','type':'float','default':'0x1p3'},"
            + "{'name':'s','type':'double','default':'1d'},{'name':'t','type':'double','default':"
            + "'-Infinity'}]}",
        "{'type':'record','name':'A','fields':[{'name':'a','type':['int','string'],"
            + "'default':'s'}]}",
        "{'type':'record','name':'A','fields':[{'name':'a','type':{'type':'enum','name':'E',"
            + "'symbols':['X']},'default':'not a symbol'},{'name':'b','type':{'type':'fixed',"
            + "'name':'F','size':2},'default':'longer than two'}]}",
        "{'type':'record','name':'R','fields':[{'name':'g','type':'int','default':1},"
            + "{'name':'f','type':['null','R'],'default':null}],'x':{'type':'record'}}",
        "{'type':'record','name':'A','fields':[{'name':'a','type':['int',{'type':'record',"
            + "'name':'R','fields':[{'name':'q','type':['null','int'],'default':null}]}],"
            + "'default':{}}]}",
        "{'type':'record','name':'A','fields':[{'name':'b','type':{'type':'array','items':'B',"
            + "'x':1}},{'name':'c','type':{'type':'enum','name':'B','symbols':['Q'],'default':'Q',"
            + "'y':2,'aliases':['Z'],'doc':'dd'}}]}",
        "{'type':'record','name':'A','fields':[{'name':'b','type':{'type':'string','x':"
            + "'\\u0000\\u001f\\u007f\\b\\f\\r'}}]}",
        "{'type':'string','\\u0001key\\u00e9':1.0,'big':1e308,'small':4.9e-324,'neg':-0.0}",
    };
    for (String c : cases) {
      sameAsAvro(q(c));
    }
  }

  @Test
  void nestingIsLimitedTo1000Levels() {
    String deep = "{\"type\":\"array\",\"items\":".repeat(1000) + "\"int\"" + "}".repeat(1000);
    AvroSchema s = sameAsAvro(deep);
    assertThat(AvroSchema.parse(s.toString())).isEqualTo(s);
    assertThat(AvroTypes.toType(s).toString()).startsWith("array<array<");
    String deeper = "[" + deep + "]";
    refused(deeper, "nesting is limited to 1000 levels");
    // a record takes three levels of JSON
    AvroSchema records = AvroSchema.primitive(Kind.INT);
    for (int i = 0; i < 333; i++) {
      records = AvroSchema.record("R" + i, List.of(Field.of("f", records)));
    }
    assertThat(sameAsAvro(records.toString())).isEqualTo(records);
    AvroSchema arrays = AvroSchema.primitive(Kind.INT);
    for (int i = 0; i < 1000; i++) {
      arrays = AvroSchema.array(arrays);
    }
    assertThat(arrays).isEqualTo(s);
    AvroSchema full = arrays;
    assertThatThrownBy(() -> AvroSchema.map(full)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nested deeper than 1000 levels");
  }

  @Test
  void factoriesBuildWhatAvroParses() {
    AvroSchema e = AvroSchema.enumeration("n.E", List.of("A", "B"));
    AvroSchema f = AvroSchema.fixed("F", 3).withProp("x", List.of(1, 2.5f));
    AvroSchema r = AvroSchema.record("n.R", List.of(
        Field.of("a", AvroSchema.primitive(Kind.INT), 1),
        Field.of("b", AvroSchema.union(List.of(AvroSchema.primitive(Kind.NULL), e)),
            AvroSchema.JSON_NULL),
        Field.of("c", AvroSchema.array(f)),
        Field.of("d", AvroSchema.map(AvroSchema.primitive(Kind.LONG)), Map.of("k", 5)),
        Field.of("e", e, "A"),
        Field.of("g", AvroSchema.primitive(Kind.BYTES).withProp("logicalType", "decimal")
            .withProp("precision", 9).withProp("scale", 2))));
    assertThat(r.toString()).isEqualTo(q("{'type':'record','name':'R','namespace':'n','fields':["
        + "{'name':'a','type':'int','default':1},{'name':'b','type':['null',{'type':'enum',"
        + "'name':'E','symbols':['A','B']}],'default':null},{'name':'c','type':{'type':'array',"
        + "'items':{'type':'fixed','name':'F','namespace':'','size':3,'x':[1,2.5]}}},"
        + "{'name':'d','type':{'type':'map','values':'long'},'default':{'k':5}},"
        + "{'name':'e','type':'E','default':'A'},{'name':'g','type':{'type':'bytes',"
        + "'logicalType':'decimal','precision':9,'scale':2}}]}"));
    assertThat(avro(r.toString())).isEqualTo(r.toString());
    assertThat(AvroSchema.parse(r.toString())).isEqualTo(r).hasSameHashCodeAs(r);
    assertThat(r.field("e").schema()).isSameAs(e);
    assertThat(AvroSchema.primitive(Kind.INT).withProp("x", new BigDecimal("1.10"))
        .withProp("y", new BigInteger("99999999999999999999")).withProp("z", (byte) 3))
        .hasToString(q("{'type':'int','x':1.10,'y':99999999999999999999,'z':3}"));
  }

  @Test
  void factoriesCheckAsTheParserDoes() {
    AvroSchema i = AvroSchema.primitive(Kind.INT);
    assertThatThrownBy(() -> AvroSchema.primitive(Kind.RECORD))
        .hasMessageContaining("not a primitive");
    assertThatThrownBy(() -> AvroSchema.record("R", List.of(Field.of("a", i), Field.of("a", i))))
        .hasMessageContaining("two fields named 'a'");
    assertThatThrownBy(() -> AvroSchema.record("1R", List.of())).hasMessageContaining("'1R'");
    assertThatThrownBy(() -> AvroSchema.record("string", List.of()))
        .hasMessageContaining("cannot be called 'string'");
    assertThatThrownBy(() -> AvroSchema.enumeration("E", List.of("A", "A")))
        .hasMessageContaining("twice");
    assertThatThrownBy(() -> AvroSchema.fixed("F", -1)).hasMessageContaining("size -1");
    assertThatThrownBy(() -> AvroSchema.union(List.of(i, i))).hasMessageContaining("int twice");
    assertThatThrownBy(() -> AvroSchema.union(List.of(AvroSchema.union(List.of(i)))))
        .hasMessageContaining("union directly");
    assertThatThrownBy(() -> Field.of("a b", i)).hasMessageContaining("'a b'");
    assertThatThrownBy(() -> Field.of("a", i, "x")).hasMessageContaining("field 'a': the default");
    assertThatThrownBy(() -> Field.of("a", i, (Object) null)).hasMessageContaining("JSON_NULL");
    assertThatThrownBy(() -> i.withProp("doc", "x")).hasMessageContaining("not a property");
    assertThatThrownBy(() -> i.withProp("x", new Object())).hasMessageContaining("not a JSON");
    assertThatThrownBy(() -> AvroSchema.union(List.of()).withProp("x", 1))
        .hasMessageContaining("no properties");
    // Avro would print the second by name, meaning the first
    AvroSchema f1 = AvroSchema.fixed("n.F", 1);
    AvroSchema f2 = AvroSchema.fixed("n.F", 2);
    assertThatThrownBy(() -> AvroSchema.record("R", List.of(Field.of("a", f1),
        Field.of("b", AvroSchema.array(f2))))).hasMessageContaining("two different types are "
            + "named n.F");
    assertThatThrownBy(() -> AvroSchema.union(List.of(AvroSchema.array(f1), f2)))
        .hasMessageContaining("named n.F");
    assertThatThrownBy(() -> AvroSchema.record("n.F", List.of(Field.of("a", f1))))
        .hasMessageContaining("named n.F");
    assertThat(AvroSchema.record("R", List.of(Field.of("a", f1),
        Field.of("b", AvroSchema.fixed("n.F", 1))))).hasToString(q("{'type':'record','name':"
            + "'R','fields':[{'name':'a','type':{'type':'fixed','name':'F','namespace':'n',"
            + "'size':1}},{'name':'b','type':'n.F'}]}"));
  }

  @Test
  void equalityIsAvros() {
    AvroSchema a = AvroSchema.parse(q("{'type':'record','name':'R','doc':'one','aliases':['X'],"
        + "'fields':[{'name':'a','type':'int','doc':'d'}]}"));
    AvroSchema b = AvroSchema.parse(q("{'type':'record','name':'R','fields':[{'name':'a',"
        + "'type':'int'}]}"));
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a).isNotEqualTo(AvroSchema.parse(q("{'type':'record','name':'S','fields':["
        + "{'name':'a','type':'int'}]}")));
    assertThat(a).isNotEqualTo(AvroSchema.parse(q("{'type':'record','name':'R','fields':["
        + "{'name':'a','type':'int','default':1}]}")));
    assertThat(a).isNotEqualTo(AvroSchema.parse(q("{'type':'record','name':'R','fields':["
        + "{'name':'a','type':'long'}]}")));
    assertThat(AvroSchema.parse("\"int\"")).isNotEqualTo(AvroSchema.parse(
        q("{'type':'int','logicalType':'date'}")));
    assertThat(AvroSchema.parse(q("{'type':'int','a':1,'b':2}")))
        .isEqualTo(AvroSchema.parse(q("{'type':'int','b':2,'a':1}")));
  }

  @Test
  void randomSchemasAreReadAndPrintedAsAvroDoes() {
    Random r = new Random(SEED);
    RandomAvroSchemas gen = new RandomAvroSchemas(r);
    for (int i = 0; i < 400; i++) {
      String json = gen.write(gen.next());
      String what = TestSeed.replay() + ", schema " + i + ": " + json;
      Schema expected;
      try {
        expected = new Schema.Parser().parse(json);
      } catch (RuntimeException e) {
        throw new AssertionError("the generator made a schema Avro refuses (" + e + "); "
            + what, e);
      }
      AvroSchema s = AvroSchema.parse(json);
      assertThat(s.toString()).as(what).isEqualTo(expected.toString());
      // Avro's text reads back as Avro reads it (which may differ, or fail: a non-finite
      // default of an array of doubles is printed as a string), and as the same schema where
      // Avro's does
      String text = expected.toString();
      Schema avroAgain;
      try {
        avroAgain = new Schema.Parser().parse(text);
      } catch (RuntimeException e) {
        assertThat(catchThrowable(() -> AvroSchema.parse(text))).as(what)
            .isInstanceOf(IllegalArgumentException.class);
        continue;
      }
      AvroSchema again = AvroSchema.parse(text);
      assertThat(again.toString()).as(what).isEqualTo(avroAgain.toString());
      if (avroAgain.equals(expected)) {
        assertThat(again).as(what).isEqualTo(s).hasSameHashCodeAs(s);
      }
    }
  }

  @Test
  void randomBrokenSchemasAreRefusedExactlyWhenAvroRefusesThem() {
    Random r = new Random(SEED + 1);
    RandomAvroSchemas gen = new RandomAvroSchemas(r);
    List<String> accepted = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      String json = gen.write(gen.mutate(gen.next()));
      String what = TestSeed.replay() + ", schema " + i + ": " + json;
      String expected = avro(json);
      if (expected == null) {
        assertThat(catchThrowable(() -> AvroSchema.parse(json))).as(what)
            .isInstanceOf(IllegalArgumentException.class);
      } else {
        assertThat(AvroSchema.parse(json).toString()).as(what).isEqualTo(expected);
        accepted.add(json);
      }
    }
    // both outcomes are well represented
    assertThat(accepted.size()).isBetween(60, 540);
  }
}
