<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs" sourcelanguage="en">
<context>
    <name>ColorPickerButton</name>
    <message>
        <location filename="../Libs/Widgets/ColorPickerButton.cpp" line="88"/>
        <source>Select a color</source>
        <translation>Vyberte barvu</translation>
    </message>
    <message>
        <location filename="../Libs/Widgets/ColorPickerButton.cpp" line="131"/>
        <source>More colors...</source>
        <translation>Další barvy...</translation>
    </message>
    <message>
        <location filename="../Libs/Widgets/ColorPickerButton.cpp" line="140"/>
        <source>Reset to default</source>
        <translation>Obnovit výchozí</translation>
    </message>
</context>
</TS>
