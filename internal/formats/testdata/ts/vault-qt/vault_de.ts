<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>EntryEditor</name>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="112"/>
        <source>Edit entry</source>
        <translation>Eintrag bearbeiten</translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="130"/>
        <source>&amp;Username:</source>
        <translation>&amp;Benutzername:</translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="131"/>
        <source>Password:</source>
        <translation>Passwort:</translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="150"/>
        <source>Expires in %n day(s)</source>
        <extracomment>Shown next to the expiry date</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../src/gui/EntryEditor.cpp" line="162"/>
        <source>%n attachment(s)</source>
        <translation>
            <numerusform>%n Anhang</numerusform>
            <numerusform>%n Anhänge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../src/gui/EntryEditor.cpp" line="170"/>
        <source>Delete %n entry(s)?</source>
        <translation type="unfinished">
            <numerusform>%n Eintrag löschen?</numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="201"/>
        <source>Generate password</source>
        <comment>button</comment>
        <translation>Passwort erzeugen</translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="202"/>
        <source>Generate password</source>
        <comment>menu item</comment>
        <translation type="unfinished">Passwort erzeugen …</translation>
    </message>
</context>
<context>
    <name>DatabaseWidget</name>
    <message>
        <location filename="../src/gui/DatabaseWidget.cpp" line="88"/>
        <source>Lock database</source>
        <translation>Datenbank sperren</translation>
    </message>
    <message>
        <location filename="../src/gui/DatabaseWidget.cpp" line="+12"/>
        <source>Unlock database</source>
        <translation>Datenbank entsperren</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The database file has changed on disk. Reload it?</source>
        <translatorcomment>„neu laden“ wie im Menü</translatorcomment>
        <translation>Die Datenbankdatei wurde geändert. Neu laden?</translation>
    </message>
    <message>
        <source>Search (%1)…</source>
        <translation></translation>
    </message>
    <message>
        <source>Old search field</source>
        <translation type="vanished">Altes Suchfeld</translation>
    </message>
    <message>
        <source>Removed in 2.0</source>
        <translation type="obsolete">In 2.0 entfernt</translation>
    </message>
    <message>
        <location filename="../src/gui/DatabaseWidget.cpp" line="240"/>
        <location filename="../src/gui/DatabaseWidget.cpp" line="260"/>
        <source>Copy &amp;password</source>
        <translation>&amp;Passwort kopieren</translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../src/gui/AboutDialog.ui" line="20"/>
        <source>&lt;p&gt;Report bugs at: &lt;a href=&quot;https://vault.example/issues&quot;&gt;vault.example&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;Fehler melden unter: &lt;a href=&quot;https://vault.example/issues&quot;&gt;vault.example&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../src/gui/AboutDialog.ui" line="31"/>
        <source>Version %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
