<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
<context>
    <name>ColorPickerButton</name>
    <message>
        <location filename="../Libs/Widgets/ColorPickerButton.cpp" line="88"/>
        <source>Select a color</source>
        <translation>Selecione uma cor</translation>
    </message>
    <message>
        <location filename="../Libs/Widgets/ColorPickerButton.cpp" line="131"/>
        <source>More colors...</source>
        <translation>Mais cores...</translation>
    </message>
    <message>
        <location filename="../Libs/Widgets/ColorPickerButton.cpp" line="140"/>
        <source>Reset to default</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
