"""Names of well-known tools, by the role each fills: how a reader recognises a name chat writes in lower case.

Chat writes "zsh", "bash", "sublime text" and "mutt" the way it writes words, so a
capital letter can't tell it that they are names. A tool's role still comes from
the sentence, never from this list ("I use Obsidian" is ``uses``, PREDICATES.md):
:mod:`consolidators.roles` uses it only to see a name where the sentence already
names the role ("sublime text is still my text editor"), and to choose, when a
clause names two things, the one that can fill that role ("Zsh w/ oh-my-zsh as my
shell"). The lists are general knowledge of the field, not any corpus's words.
"""

from __future__ import annotations

import functools
import re

_KNOWN: dict[str, str] = {
    "editor": """vim|neovim|nvim|emacs|doom emacs|spacemacs|vs code|vscode|visual studio code|visual studio|vscodium
        |sublime text|sublime|atom|intellij|intellij idea|pycharm|webstorm|goland|clion|rider|rubymine|phpstorm
        |android studio|xcode|eclipse|netbeans|notepad++|helix|kakoune|nano|zed|cursor|textmate|bbedit|brackets
        |micro|fleet|geany|kate|gedit|rstudio|jupyterlab|spyder|windsurf|nova|lapce|pico|vi""",
    "terminal": """iterm|iterm2|alacritty|kitty|wezterm|ghostty|warp|hyper|terminator|tilix|konsole|gnome terminal
        |windows terminal|xterm|urxvt|foot|tabby|termius|putty|mintty|conemu|cmder|guake|yakuake|terminal.app""",
    "shell": "bash|zsh|fish|ksh|tcsh|csh|dash|nushell|elvish|xonsh|powershell|pwsh|oil|sh",
    "browser": """chrome|google chrome|chromium|firefox|safari|edge|microsoft edge|brave|opera|opera gx|vivaldi|arc
        |tor browser|librewolf|waterfox|zen browser|orion|qutebrowser|floorp|samsung internet|mullvad browser
        |pale moon|duckduckgo browser|yandex browser""",
    "notes app": """notion|obsidian|evernote|bear|joplin|onenote|apple notes|google keep|logseq|roam|roam research
        |standard notes|simplenote|craft|upnote|notability|goodnotes|zettlr|anytype|capacities|reflect|tana
        |amplenote|notesnook|trilium|workflowy|dynalist|heptabase|remnote|org-mode|org mode""",
    "password manager": """1password|bitwarden|lastpass|dashlane|keepass|keepassxc|keeper|nordpass|proton pass
        |roboform|enpass|icloud keychain|passbolt|vaultwarden|gopass|zoho vault""",
    "email client": """thunderbird|outlook|apple mail|gmail|spark|airmail|mutt|neomutt|alpine|mailspring|superhuman
        |hey|fastmail|proton mail|protonmail|tutanota|tuta|evolution|claws mail|k-9 mail|fairemail|mimestream
        |postbox|em client|bluemail|aerc|geary|kmail|mailmate|canary mail""",
    "calendar app": """google calendar|fantastical|apple calendar|ical|busycal|proton calendar|notion calendar|cron
        |amie|vimcal|morgen|timepage|outlook calendar""",
    "ci": """jenkins|github actions|gitlab ci|circleci|circle ci|travis|travis ci|buildkite|drone|drone ci
        |teamcity|bamboo|azure pipelines|bitbucket pipelines|tekton|concourse|woodpecker|semaphore|codeship
        |appveyor|bitrise|codemagic|cloud build|codebuild|gocd|buildbot""",
    "queue": """kafka|apache kafka|rabbitmq|sqs|amazon sqs|activemq|zeromq|nats|redis|redis streams|pulsar|apache pulsar
        |kinesis|google pub/sub|pub/sub|celery|sidekiq|beanstalkd|nsq|redpanda|ibm mq|azure service bus
        |service bus|bullmq|resque|amazon mq|gearman""",
    "database": """postgres|postgresql|mysql|mariadb|sqlite|mongodb|mongo|redis|cassandra|dynamodb|cockroachdb
        |oracle|sql server|mssql|couchdb|couchbase|neo4j|elasticsearch|opensearch|clickhouse|snowflake|bigquery
        |redshift|firestore|supabase|planetscale|timescaledb|influxdb|db2|scylladb|tidb|yugabytedb|singlestore
        |duckdb|faunadb|arangodb|surrealdb|hbase|bigtable|spanner|cosmos db|cosmosdb|aurora|vitess|questdb
        |foundationdb|rethinkdb|ravendb|teradata""",
    "phone": """iphone|pixel|galaxy|samsung galaxy|fairphone|oneplus|xiaomi|redmi|poco|huawei|oppo|motorola|moto
        |nokia|xperia|sony xperia|nothing phone|realme|zenfone|blackberry|tecno|infinix|light phone""",
    "os": """windows|macos|mac os|os x|linux|ubuntu|debian|fedora|arch|arch linux|manjaro|nixos|gentoo|void linux
        |opensuse|linux mint|pop!_os|pop os|elementary os|centos|rhel|rocky linux|almalinux|freebsd|openbsd
        |netbsd|chromeos|chrome os|kali|kali linux|endeavouros|zorin os|solus|alpine linux|qubes os|slackware
        |garuda|mx linux|asahi linux|bazzite|steamos|tumbleweed|kubuntu|xubuntu|lubuntu|raspberry pi os""",
    "cloud provider": """aws|amazon web services|azure|microsoft azure|gcp|google cloud|google cloud platform
        |digitalocean|digital ocean|linode|akamai|hetzner|ovh|ovhcloud|vultr|scaleway|heroku|vercel|netlify
        |fly.io|render|railway|cloudflare|oracle cloud|ibm cloud|alibaba cloud|tencent cloud|upcloud|exoscale""",
    "programming language": """python|java|javascript|typescript|go|golang|rust|c|c\\+\\+|c#|f#|ruby|php|swift
        |kotlin|scala|haskell|elixir|erlang|clojure|ocaml|julia|r|matlab|perl|lua|dart|zig|nim|crystal|elm
        |fortran|cobol|pascal|delphi|ada|common lisp|lisp|scheme|racket|prolog|groovy|objective-c|visual basic
        |solidity|gleam|odin|mojo""",
}
#: Software people work in that fills no role of the vocabulary: "I design in Figma" is ``uses``.
APPS = frozenset(
    " ".join(app.split())
    for app in """figma|sketch|miro|mural|linear|jira|trello|asana|clickup|basecamp|monday|airtable|confluence|coda|slack
    |microsoft teams|zoom|discord|mattermost|zulip|whatsapp|telegram|signal|todoist|ticktick|things 3|things
    |omnifocus|blender|maya|cinema 4d|houdini|zbrush|photoshop|lightroom|illustrator|indesign|premiere|premiere pro
    |after effects|final cut pro|final cut|davinci resolve|logic pro|ableton|ableton live|fl studio|pro tools
    |garageband|reaper|cubase|excel|google sheets|google docs|powerpoint|keynote|canva|jupyter|tableau|power bi
    |looker|salesforce|hubspot|zendesk|github|gitlab|docker|kubernetes|terraform|ansible|postman|chatgpt|copilot
    |grammarly|duolingo|anki|strava|zwift|autocad|revit|solidworks|fusion 360|sketchup|qgis|arcgis|stata|spss
    |zotero|mendeley|overleaf|scrivener|ulysses|dropbox|google drive|onedrive|loom|calendly|xero|quickbooks
    |shopify|wordpress|squarespace|webflow|substack|mailchimp|procreate|affinity designer|affinity photo|krita
    |gimp|inkscape|capcut|obs|audacity|roll20|foundry vtt|unity|unreal engine|godot|android studio|xcode
    |notion|obsidian|evernote|bear|logseq|1password|bitwarden|lastpass""".split("|")
)
ROLES: dict[str, frozenset[str]] = {
    role: frozenset(n.strip().replace("\\", "") for n in names.split("|")) for role, names in _KNOWN.items()
}
#: The single-valued tool roles: a role's value replaces its last one, as "my shell is zsh" does. Every role the
#: lists know, and only those: a role its names can't fill would read no value, a name no role could hold.
TOOL_ROLES = frozenset(ROLES)
#: Every name, longest first so "sublime text" wins over "sublime"; a name stops at a word's edge,
#: and "zsh" inside "oh-my-zsh" is no name. A model or version may follow ("iPhone 13 mini"), but a plural of
#: capitals names the things that run there, not the product ("our own Google Cloud VMs", "the AWS GPUs"), and
#: "I" opens the clause after it ("the Fairphone 5 I use").
_ANY = re.compile(
    r"(?<![\w.+#!-])(?:"
    + "|".join(re.escape(n) for n in sorted(APPS.union(*ROLES.values()), key=len, reverse=True))
    + r")(?![\w+#-])(?:\s+(?-i:(?![A-Z]+s\b|I\b)[A-Z][\w+-]*|\d(?:[\w.]*\w)?|[a-z]*\d\w*|Pro|Max|Plus|Ultra|Mini|Lite)"
    + r"|(?<=\d)\s+(?:pro|max|plus|ultra|mini|lite)\b)*",
    re.I,
)


def roles_of(name: str) -> frozenset[str]:
    """The roles a known tool fills ("redis": queue and database); empty for a name not on the lists."""
    return _roles_of(re.sub(r"\s+", " ", name.strip().lower()))


@functools.lru_cache(maxsize=4096)
def _roles_of(name: str) -> frozenset[str]:
    found = frozenset(role for role, names in ROLES.items() if name in names)
    if found or " " not in name:
        return found
    return _roles_of(name.rsplit(" ", 1)[0])  # "pixel 7a", "windows 11", "galaxy s24 ultra": the model's name


def known_names(text: str) -> list[re.Match[str]]:
    """Where ``text`` names a known tool, a model or version after it included ("Galaxy S24", "Windows 11")."""
    return list(_ANY.finditer(text))
