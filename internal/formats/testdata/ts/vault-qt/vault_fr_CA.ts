<?xml version="1.0" ?><!DOCTYPE TS><TS version="2.1" language="fr_CA">
<context>
    <name>EntryEditor</name>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="112"/>
        <source>Edit entry</source>
        <translation>Modifier l’entrée</translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="130"/>
        <source>&amp;Username:</source>
        <translation>&amp;Nom d’utilisateur :</translation>
    </message>
    <message numerus="yes">
        <location filename="../src/gui/EntryEditor.cpp" line="162"/>
        <source>%n attachment(s)</source>
        <translation>
            <numerusform>%n pièce jointe</numerusform>
            <numerusform>%n pièces jointes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../src/gui/EntryEditor.cpp" line="170"/>
        <source>Delete %n entry(s)?</source>
        <translation>
            <numerusform>Supprimer %n entrée?</numerusform>
            <numerusform>Supprimer %n entrées?</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../src/gui/EntryEditor.cpp" line="201"/>
        <source>Generate password</source>
        <comment>button</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DatabaseWidget</name>
    <message>
        <location filename="../src/gui/DatabaseWidget.cpp" line="88"/>
        <source>Lock database</source>
        <translation>Verrouiller la base de données</translation>
    </message>
    <message>
        <source>Old search field</source>
        <translation type="vanished">Ancien champ de recherche</translation>
    </message>
</context>
</TS>
