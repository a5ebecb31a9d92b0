/* t_kcm - the queues document from ConfigMaps, Lists, Helm values, per release */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "configmap.h"
#include "exitcode.h"
#include "msgs.h"
#include "tap.h"

static char errbuf[8192], dir[] = "/tmp/t_kcm.XXXXXX";
static struct yl_doc doc;
static char *name;

static const char *
file(const char *base, const char *text)
{
	static char path[2][256];
	static int k;
	FILE *f;

	k = !k;
	snprintf(path[k], sizeof path[k], "%s/%s", dir, base);
	f = fopen(path[k], "w");
	fputs(text, f);
	fclose(f);
	return path[k];
}

/* The behaviour class of release v as --compat takes it, or -1. */
static int
cls(const char *v)
{
	struct buf why = { 0 };
	enum pl_compat c;
	int rc = pl_compat_parse(v, &c, &why) == 0 ? (int)c : -1;

	buf_free(&why);
	return rc;
}

/* kcm_load of text (and defaults text, or NULL) as release rel. */
static int
load2(const char *rel, const char *pg, const char *text, const char *dtext)
{
	struct diag d = DIAG_INIT("t");
	struct kcm_opts o = { pg, NULL };
	const char *path = file("cm.yaml", text);
	struct msgs k;
	int rc;

	if (dtext != NULL)
		o.defaults = file("defaults.yaml", dtext);
	yl_free(&doc);
	free(name);
	if (cls(rel) < 0)
		abort();
	msgs_catch(&d, &k);
	rc = kcm_load(&doc, &name, path, (enum pl_compat)cls(rel), &o, &d);
	msgs_take(&k, errbuf, sizeof errbuf);
	diag_free(&d);
	return rc;
}

static int
load(const char *rel, const char *text)
{
	return load2(rel, NULL, text, NULL);
}

/* The name without the temporary directory. */
static const char *
shown(void)
{
	static char b[512];
	const char *p;

	if (name == NULL)
		return "(null)";
	snprintf(b, sizeof b, "%s", name);
	while ((p = strstr(b, dir)) != NULL)
		memmove((char *)p, p + strlen(dir) + 1, strlen(p + strlen(dir)));
	return b;
}

static const char *
errs(void)
{
	static char b[8192];
	char *p;

	snprintf(b, sizeof b, "%s", errbuf);
	while ((p = strstr(b, dir)) != NULL)
		memmove(p, p + strlen(dir) + 1, strlen(p + strlen(dir)));
	return b;
}

/* The name of the first partition of the loaded document. */
static const char *
first_rule(void)
{
	struct yl_node *p = yl_get(doc.root, "partitions"), *r;

	if (p == NULL || p->kind != YL_SEQ || p->n == 0)
		return "(none)";
	r = yl_get(p->kids[0], "placementrules");
	if (r == NULL || r->kind != YL_SEQ || r->n == 0)
		return "(no rules)";
	r = yl_get(r->kids[0], "name");
	return r != NULL ? r->str : "(unnamed)";
}

#define QUEUES(rule) \
	"partitions:\n  - name: default\n    placementrules:\n      - name: " rule \
	"\n    queues:\n      - name: root\n"
#define INDENT(rule) \
	"    partitions:\n      - name: default\n        placementrules:\n" \
	"          - name: " rule "\n        queues:\n          - name: root\n"
#define INDENT2(rule) \
	"  partitions:\n    - name: default\n      placementrules:\n" \
	"        - name: " rule "\n      queues:\n        - name: root\n"
#define INDENT6(rule) \
	"        partitions:\n          - name: default\n" \
	"            placementrules:\n              - name: " rule "\n" \
	"            queues:\n              - name: root\n"
#define JSTR(rule) \
	"\"partitions:\\n  - name: default\\n    placementrules:\\n      - name: " \
	rule "\\n    queues:\\n      - name: root\\n\""

/* E.7 of the shapes: gzip, and base64 of it, of a provided rule. */
#define GZ "H4sIAAAAAAACA2WLSQrDMBAE735F3wyGfEC/mUgdEGjzeCbvj2JiX9LH6qohatlyb0dYgAeaVAYkvsSLTQKMIpGVzdQLT+u7yxza3zkx/TAQlWLzmDpPuDv9v9Pe7W4Of9ZsEkvAuq3LB52f3A6UAAAA"
#define GZ64 "SDRzSUFBQUFBQUFDQTJXTFNRckRNQkFFNzM1RjN3eUdmRUMvbVVnZEVHanplQ2J2ajJKaVg5TEg2cW9oYXRseWIwZFlnQWVhVkFZa3ZzU0xUUUtNSXBHVnpkUUxUK3U3eXh6YTN6a3gvVEFRbFdMem1EcFB1RHY5djlQZTdXNE9mOVpzRWt2QXVxM0xCNTJmM0E2VUFBQUE="

int
main(void)
{
	if (mkdtemp(dir) == NULL)
		return 1;

	/* releases */
	ok(cls("1.5") == cls("1.5.2") && cls("1.5") != cls("1.5.1") &&
	    *pl_ver((enum pl_compat)cls("1.5"))->pod_queue_default == '\0',
	    "1.5 is 1.5.2, the last of 1.5, whose shim gives no default queue");
	ok(cls("1.5.1") == cls("1.5.0") && strcmp(pl_ver((enum pl_compat)
	    cls("1.5.1"))->pod_queue_default, "root.default") == 0,
	    "1.5.0 and 1.5.1 share their shim's switches");
	ok(cls("0.10") == cls("0.10.0") && cls("0.10") >= 0, "0.10 is 0.10.0");
	ok(cls("0.12") == cls("0.12.2"), "0.12 is 0.12.2");
	ok(cls("1.1") == cls("1.0.0") && pl_ver((enum pl_compat)cls("1.1"))->
	    configmaps == PL_CM_FILE && pl_ver((enum pl_compat)cls("1.2"))->
	    configmaps == PL_CM_DATA, "1.1 reads a file, 1.2 ConfigMaps");
	ok(cls("1.9") < 0 && cls("2") < 0 && cls("0.1") < 0 &&
	    cls("1.5.2.1") < 0 && cls("") < 0, "unknown releases");

	/* the forms */
	is_int(load("1.7", QUEUES("tag")), 0, "a plain configuration");
	ok(strcmp(shown(), "cm.yaml") == 0 && strcmp(doc.file, name) == 0,
	    "is named by its file");
	is_str(first_rule(), "tag", "and read as it is");
	is_str(errs(), "", "quietly");

	is_int(load("1.7", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n"
	    "  name: yunikorn-configs\n  namespace: yunikorn\ndata:\n"
	    "  service.policyGroup: queues\n  queues.yaml: |\n" INDENT("provided")),
	    0, "a ConfigMap manifest");
	is_str(shown(), "cm.yaml: yunikorn-configs/queues.yaml", "its name says "
	    "which key of which ConfigMap");
	is_str(first_rule(), "provided", "its queues.yaml is read");

	is_int(load("1.7", "{\n    \"apiVersion\": \"v1\",\n    \"data\": {\n"
	    "        \"queues.yaml\": " JSTR("user") "\n    },\n"
	    "    \"kind\": \"ConfigMap\",\n    \"metadata\": {\n"
	    "        \"creationTimestamp\": \"2024-05-01T09:00:00Z\",\n"
	    "        \"name\": \"yunikorn-configs\",\n        \"namespace\": "
	    "\"yunikorn\",\n        \"resourceVersion\": \"1\",\n"
	    "        \"uid\": \"5d2c7f3e\"\n    }\n}\n"), 0,
	    "kubectl get cm -o json");
	is_str(first_rule(), "user", "its JSON string is the document");

	is_int(load("1.7", "data:\n  queues.yaml: |\n" INDENT("fixed")), 0,
	    "a data fragment");
	is_str(shown(), "cm.yaml: yunikorn-configs/queues.yaml",
	    "named as yunikorn-configs");
	is_int(load("1.7", "{\"queues.yaml\": " JSTR("tag") "}"), 0,
	    "the data map (kubectl -o jsonpath='{.data}')");
	is_str(first_rule(), "tag", "read");

	/* layering */
	is_int(load("1.7", "apiVersion: v1\nkind: List\nitems:\n"
	    "  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n"
	    "      name: kube-root-ca.crt\n    data:\n      ca.crt: x\n"
	    "  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n"
	    "      name: yunikorn-configs\n    data:\n      queues.yaml: |\n"
	    INDENT6("user") "  - apiVersion: v1\n    kind: ConfigMap\n"
	    "    metadata:\n      name: yunikorn-defaults\n    data:\n"
	    "      queues.yaml: |\n" INDENT6("tag")), 0, "a List of three");
	is_str(first_rule(), "user", "yunikorn-configs wins over the defaults");
	is_str(shown(), "cm.yaml: yunikorn-configs/queues.yaml", "and says so");
	is_str(errs(), "", "other ConfigMaps are skipped quietly");

	is_int(load2("1.7", NULL, "kind: ConfigMap\nmetadata:\n"
	    "  name: yunikorn-configs\ndata:\n  service.policyGroup: other\n",
	    "kind: ConfigMap\nmetadata:\n  name: yunikorn-defaults\ndata:\n"
	    "  other.yaml: |\n" INDENT("fixed")), 0,
	    "--defaults plus -c, merged key by key");
	is_str(first_rule(), "fixed", "the defaults' document, the configs' "
	    "policy group");
	is_str(shown(), "defaults.yaml: yunikorn-defaults/other.yaml",
	    "named by the file it came from");

	is_int(load2("1.7", "mine", "data:\n  mine.yaml: |\n" INDENT("user")
	    "  queues.yaml: |\n" INDENT("tag"), NULL), 0, "--policy-group");
	is_str(first_rule(), "user", "chooses the key");

	is_int(load("1.1", "data:\n  service.policyGroup: other\n"
	    "  queues.yaml: |\n" INDENT("tag") "  other.yaml: |\n"
	    INDENT("user")), 0, "1.1: service.policyGroup is no ConfigMap key");
	is_str(first_rule(), "tag", "queues.yaml is read");

	/* no document */
	is_int(load("1.7", "kind: ConfigMap\nmetadata:\n  name: yunikorn-configs\n"
	    "data:\n  other.yaml: x\n"), 0, "1.7 without queues.yaml");
	is_str(first_rule(), "tag", "the built-in configuration");
	is_str(shown(), "cm.yaml: built-in configuration", "named so");
	is_str(errs(), "t: cm.yaml: warning: no 'queues.yaml' in "
	    "'yunikorn-configs' (the policy group is 'queues'; there is "
	    "'other.yaml'): YuniKorn 1.7 uses its built-in configuration\n",
	    "with a warning saying why");
	is_int(load("1.7", "data:\n  queues.yaml: ''\n"), 0, "an empty queues.yaml");
	is_str(first_rule(), "tag", "the built-in configuration too");
	is_int(load("1.1", "kind: ConfigMap\nmetadata:\n  name: yunikorn-configs\n"
	    "data:\n  other.yaml: x\n"), EXIT_CONFIG, "1.1 without queues.yaml");
	is_str(errs(), "t: cm.yaml: no 'queues.yaml' in 'yunikorn-configs' (the "
	    "policy group is 'queues'; there is 'other.yaml'): YuniKorn 1.0 "
	    "does not start without it (1.2 and later use a built-in "
	    "configuration)\n", "an error saying why");
	ok(name == NULL, "no name");

	/* binaryData */
	is_int(load("1.7", "kind: ConfigMap\nmetadata: {name: yunikorn-configs, "
	    "namespace: yunikorn}\nbinaryData:\n  queues.yaml.gz: " GZ "\n"), 0,
	    "1.7: binaryData queues.yaml.gz");
	is_str(first_rule(), "provided", "decompressed");
	is_str(shown(), "cm.yaml: yunikorn-configs/queues.yaml.gz",
	    "named by the key as written");
	is_int(load("1.4", "binaryData:\n  queues.yaml.GZ: " GZ64 "\n"), 0,
	    "1.4: base64 twice, any case of gz");
	is_str(first_rule(), "provided", "decompressed");
	is_int(load("1.4", "binaryData:\n  queues.yaml.gz: " GZ "\n"), EXIT_CONFIG,
	    "1.4: base64 once is not what 1.4 reads");
	is_str(errs(), "t: cm.yaml:2:19: binaryData 'queues.yaml.gz' of "
	    "'yunikorn-configs': YuniKorn 1.4 decodes base64 in it: illegal "
	    "base64 data at input byte 0 (1.4 wants the gzip data base64-encoded "
	    "twice, once more than later releases)\n", "and says why");
	is_int(load("1.7", "binaryData:\n  queues.yaml.gz: " GZ64 "\n"),
	    EXIT_CONFIG, "1.7: base64 twice");
	is_str(errs(), "t: cm.yaml:2:19: binaryData 'queues.yaml.gz' of "
	    "'yunikorn-configs': not gzip data (it is base64 of gzip inside the "
	    "base64: only YuniKorn 1.4 wants that)\n", "is refused, saying why");
	is_int(load("1.3", "data:\n  queues.yaml: |\n" INDENT("user")
	    "binaryData:\n  queues.yaml.gz: " GZ "\n"), 0, "1.3 reads data only");
	is_str(first_rule(), "user", "the data entry is used");
	is_str(errs(), "t: cm.yaml:10:19: warning: binaryData of "
	    "'yunikorn-configs' skipped: YuniKorn 1.3 reads data only\n",
	    "with a warning");
	is_int(load("1.7", "data:\n  queues.yaml: |\n" INDENT("user")
	    "binaryData:\n  queues.yaml.bin: AAAA\n"), 0,
	    "a binaryData key that is not .gz");
	is_str(first_rule(), "tag", "empties queues.yaml: the built-in one");
	is_str(errs(), "t: cm.yaml: warning: binaryData 'queues.yaml.bin' of "
	    "'yunikorn-configs' empties 'queues.yaml' (only .gz entries are "
	    "decompressed): YuniKorn 1.7 uses its built-in configuration\n",
	    "with a warning saying so");
	is_int(load("1.7", "binaryData:\n  queues.yaml.gz: H4sI!\n"), EXIT_CONFIG,
	    "broken base64");
	is_str(errs(), "t: cm.yaml:2:19: binaryData 'queues.yaml.gz' of "
	    "'yunikorn-configs': illegal base64 data at input byte 4\n",
	    "as Kubernetes says it");
	is_int(load("1.7", "binaryData:\n  queues.yaml.gz: H4sIAAAAAAAAA2VMSQ==\n"),
	    EXIT_CONFIG, "broken gzip");
	is_str(errs(), "t: cm.yaml:2:19: binaryData 'queues.yaml.gz' of "
	    "'yunikorn-configs': unexpected end of gzip data\n", "an error");
	is_int(load("1.7", "data:\n  queues.yaml: |\n" INDENT("user")
	    "binaryData:\n  other.yaml.gz: H4sIAAAAAAAAA2VMSQ==\n"), 0,
	    "broken gzip in another key");
	is_str(errs(), "t: cm.yaml:10:18: warning: binaryData 'other.yaml.gz' of "
	    "'yunikorn-configs': unexpected end of gzip data: skipped, as YuniKorn "
	    "skips it\n", "a warning");
	is_int(load("1.1", "binaryData:\n  queues.yaml: " "cGFydGl0aW9uczogW10K"
	    "\n"), 0, "1.1: a raw binaryData file of the volume");
	ok(yl_get(doc.root, "partitions") != NULL, "is read as it is");

	/* Helm values */
	is_int(load("1.7", "image:\n  tag: 1.7.0\nyunikornDefaults:\n"
	    "  service.schedulingInterval: 1s\n  x.enabled: yes\n"
	    "  queues.yaml: |\n" INDENT("user")), 0, "Helm values");
	is_str(shown(), "cm.yaml: yunikorn-defaults/queues.yaml",
	    "rendered into yunikorn-defaults");
	is_str(first_rule(), "user", "its queues.yaml");
	is_int(load("1.7", "configuration: |\n" INDENT2("fixed")), 0,
	    "deprecated 'configuration'");
	is_str(first_rule(), "fixed", "is queues.yaml");
	is_int(load("1.7", "configuration: |\n" INDENT2("fixed") "yunikornDefaults:"
	    "\n  queues.yaml: |\n" INDENT("user")), 0, "both");
	is_str(first_rule(), "user", "yunikornDefaults' wins");
	is_int(load("1.7", "yunikornDefaults:\n  queues.yaml:\n    partitions: []\n"),
	    EXIT_CONFIG, "a mapping where the chart wants text");
	is_str(errs(), "t: cm.yaml:3:5: Helm value yunikornDefaults 'queues.yaml' "
	    "is a mapping: the chart writes it as Go text, not YAML; write it as "
	    "a string (a block scalar, '|')\n", "is refused");
	is_int(load("1.1", "image:\n  tag: 1.1.0\nyunikornDefaults: {}\n"), 0,
	    "1.1 values without 'configuration'");
	is_str(shown(), "cm.yaml: the chart's default configuration",
	    "the chart's default");
	is_str(errs(), "t: cm.yaml:3:19: warning: yunikornDefaults skipped: the "
	    "chart of YuniKorn 1.0 does not read it\n", "yunikornDefaults warned");

	/* errors */
	is_int(load("1.7", "kind: ConfigMap\nmetadata:\n  name: yunikorn-configs\n"
	    "data:\n  queues.yaml: |\n    partitions:\n      - name: [x\n"),
	    EXIT_CONFIG, "a YAML error in the document");
	is_str(errs(), "t: cm.yaml:8:5: yunikorn-configs/queues.yaml:3:1: yaml: "
	    "did not find expected ',' or ']'\n", "is at the file's line and "
	    "column, then its own, with the key (go-yaml's words)");
	is_int(load("1.7", "kind: List\nitems:\n  - kind: Secret\n"), EXIT_CONFIG,
	    "a List holding a Secret");
	is_str(errs(), "t: cm.yaml:3:11: List item 1 is a Secret, not a "
	    "ConfigMap\n", "is refused");
	is_int(load("1.7", "kind: List\nitems:\n  - kind: ConfigMap\n    metadata:"
	    " {name: yunikorn-configs, namespace: a}\n  - kind: ConfigMap\n"
	    "    metadata: {name: yunikorn-configs, namespace: b}\n"), EXIT_CONFIG,
	    "two yunikorn-configs");
	is_str(errs(), "t: cm.yaml:5:5: two ConfigMaps named 'yunikorn-configs' "
	    "(namespaces 'a' and 'b'): give the List of one namespace\n",
	    "are refused");
	is_int(load("1.7", "kind: Secret\n"), EXIT_CONFIG, "a Secret");
	is_str(errs(), "t: cm.yaml:1:7: a Secret, not a ConfigMap or a List of "
	    "ConfigMaps\n", "is no ConfigMap");
	is_int(load("1.7", "data:\n  queues.yaml:\n    partitions: []\n"),
	    EXIT_CONFIG, "a data value that is a mapping");
	is_str(errs(), "t: cm.yaml:3:5: data 'queues.yaml' of 'yunikorn-configs' "
	    "must be a string, not a mapping\n", "is refused");
	is_int(load2("1.7", NULL, "data: {}\n", QUEUES("tag")), EXIT_CONFIG,
	    "--defaults holding a queue configuration");

	yl_free(&doc);
	free(name);
	name = NULL;
	unlink(file("cm.yaml", ""));
	unlink(file("defaults.yaml", ""));
	rmdir(dir);
	return tap_done();
}
